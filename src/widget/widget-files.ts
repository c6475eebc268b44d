import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Where the widget's build (web/dist) and the demo page (web/demo) are: the project's `web/`. */
export const WEB_DIR = join(__dirname, '..', '..', 'web');

/** A file of the widget's build or demo, null when it is not there (the widget not built). */
export async function widgetFile(...path: string[]): Promise<Buffer | null> {
  try {
    return await readFile(join(WEB_DIR, ...path));
  } catch {
    return null;
  }
}
