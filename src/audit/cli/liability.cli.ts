import { INestApplicationContext } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { isOneOf } from '../../shared/domain/guards';
import { ProjectionRunner } from '../../projections/projection-runner';
import { progressBar } from '../../cli/progress';
import { INTERVALS } from '../liability/liability.dto';
import { LiabilityRollForward, LiabilityRollForwardQuery } from '../liability/liability-roll-forward.query';
import { liabilityCsv } from '../liability/liability.csv';
import { instantFlag } from './export.cli';

/**
 * `loyalty audit liability --shop <id> --from <date-time> --to <date-time> [--interval day|week|month] [--csv]`:
 * the roll-forward on stdout, as the endpoint answers it (its `data`, or the CSV). The read models
 * first apply whatever the log holds that they have not (all of it, the first time after an
 * upgrade): a progress bar on stderr while they do.
 */
export async function liabilityCommand(
  app: INestApplicationContext,
  options: Record<string, string>,
  out: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const interval = options.interval ?? 'month';
  if (!isOneOf(INTERVALS, interval)) throw because.badRequest('--interval must be day, week or month');
  const from = instantFlag('from', options.from);
  const to = instantFlag('to', options.to);
  if (!from || !to) throw because.badRequest('--from and --to are required');
  const progress = progressBar('reading the log', 'events', undefined);
  await app.get(ProjectionRunner).catchUp({ onBatch: (events) => progress.update(events) });
  progress.stop();
  const answer: LiabilityRollForward = await app
    .get(QueryBus)
    .execute(new LiabilityRollForwardQuery(options.shop, { from: new Date(from), to: new Date(to), interval }));
  out.write(options.csv !== undefined ? liabilityCsv(answer) : `${JSON.stringify(answer)}\n`);
  return 0;
}
