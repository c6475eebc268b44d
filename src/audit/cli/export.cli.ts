import { INestApplicationContext } from '@nestjs/common';
import { once } from 'node:events';
import { because } from '../../shared/domain/domain-error';
import { LogExport } from '../queries/export-log';
import { INSTANT } from '../../shared/http/instant';

function instantFlag(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  if (!INSTANT.test(value) || Number.isNaN(Date.parse(value)))
    throw because.badRequest(`--${name} must be a date-time with its offset (e.g. 2026-12-31T23:59:59Z)`);
  return new Date(value).toISOString();
}

/** `loyalty audit export --shop <id> [--customer <id>] [--from <instant>] [--to <instant>] > file` */
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
  });
  for await (const chunk of lines) if (!out.write(chunk)) await once(out, 'drain');
  return 0;
}
