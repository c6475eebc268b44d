import { INestApplicationContext } from '@nestjs/common';
import { STORAGE, Storage } from '../infrastructure/storage';
import { SealingEventStore } from '../infrastructure/personal-data/sealing-event-store';
import { positionToString } from '../infrastructure/event-store/event-store.port';
import { because } from '../shared/domain/domain-error';
import { sealPersonalData } from './seal-personal-data';

/**
 * `loyalty migrate personal-data [--batch 1000] [--restart]`: seals the personal fields of events
 * written before sealing existed (see sealPersonalData). Resumable; progress on stderr, the report
 * on stdout.
 */
export async function sealPersonalDataCommand(app: INestApplicationContext, options: Record<string, string>) {
  const batchSize = Number(options.batch ?? 1000);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 10_000)
    throw because.badRequest('--batch must be an integer from 1 to 10000');
  const sealing = app.get(SealingEventStore);
  if (!sealing.canSealStored)
    throw because.badRequest('EventStoreDB cannot be edited in place: migrate the log from postgres (docs/privacy.md)');
  const raw = app.get<Storage>(STORAGE).eventStore;
  const done = await sealPersonalData(sealing, raw, {
    batchSize,
    restart: options.restart !== undefined,
    onBatch: (p) => process.stderr.write(`scanned ${p.scanned} events, sealed ${p.sealed}\n`),
  });
  process.stdout.write(
    `Personal data sealed: ${done.sealed} events rewritten of ${done.scanned} scanned (up to ${positionToString(done.position) ?? 'the start'}).\n`,
  );
  return 0;
}
