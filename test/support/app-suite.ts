import { relative } from 'node:path';
import { shareAppsInThisRegistry } from './test-app';

const ROOT = `${__dirname}/../..`;

/**
 * Runs the spec files at `paths` (absolute) in this one module registry, each in a describe named
 * after its path, so their `createTestApp`/`scenario` calls with the same options share one started
 * service instead of importing and booting the service once per file. Written by
 * test/jest/app-suites.js for the whole-suite run; a spec file run alone still gets its own apps.
 */
export function runSpecFiles(paths: string[]): void {
  shareAppsInThisRegistry();
  for (const path of paths) {
    describe(relative(ROOT, path), () => {
      try {
        // Synchronously, inside this describe: Jest collects a file's tests as its module runs.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        require(path);
      } catch (error) {
        // As a file of its own would: the file fails, the others still run.
        it('loads', () => {
          throw error;
        });
      }
    });
  }
}
