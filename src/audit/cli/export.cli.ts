import { INestApplicationContext } from '@nestjs/common';
import { once } from 'node:events';
import { because } from '../../shared/domain/domain-error';
import { LogExport } from '../queries/export-log';
import { INSTANT } from '../../shared/http/instant';
import { progressBar } from '../../cli/progress';
import { DayInterval } from '../../shared/domain/zoned-days';
import { isOneOf } from '../../shared/domain/guards';
import { INTERVALS } from '../liability/liability.dto';

/** A `--from`/`--to` flag: a date-time with its offset, as an ISO instant (null: absent). */
export function instantFlag(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!INSTANT.test(value) || Number.isNaN(Date.parse(value)))
    throw because.badRequest(`--${name} must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)`);
  return new Date(value).toISOString();
}

function intervalFlag(value: string | undefined): DayInterval | null {
  if (value === undefined) return null;
  if (!isOneOf(INTERVALS, value)) throw because.badRequest('--liability must be day, week or month');
  return value;
}

/** `loyalty audit export --shop <id> [--customer <id>] [--from <instant>] [--to <instant>] [--liability <interval>] > file` */
export async function exportCommand(
  app: INestApplicationContext,
  options: Record<string, string>,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  if (!options.shop) throw because.badRequest('--shop is required');
  const { lines } = await app.get(LogExport).open(options.shop, {
    customerRef: options.customer ?? null,
    from: instantFlag('from', options.from),
    to: instantFlag('to', options.to),
    liability: intervalFlag(options.liability),
  });
  // Each chunk is a batch of lines, one per event (the last is the manifest): lines are the progress.
  const progress = progressBar('export', 'lines', undefined);
  let written = 0;
  for await (const chunk of lines) {
    if (!out.write(chunk)) await once(out, 'drain');
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', at + 1)) written++;
    progress.update(written);
  }
  progress.stop();
  return 0;
}
