import { INestApplicationContext } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../infrastructure/event-store/event-store.port';
import { STORAGE, Storage } from '../infrastructure/storage';
import { ProjectionRunner } from '../projections/projection-runner';
import { progressBar } from './progress';

/**
 * `loyalty projections rebuild`: every read model from the log; a progress bar on a terminal. The
 * read models are emptied first, so everything is checked before: the service keys were checked when
 * the store opened (a wrong PERSONAL_DATA_KEY never gets here), the data directory's lock by the CLI,
 * and here every store of the combination must answer.
 */
export async function rebuildCommand(app: INestApplicationContext): Promise<number> {
  const down = await storesDown(app.get<Storage>(STORAGE));
  if (down.length > 0) {
    process.stderr.write(`Nothing was changed: ${down.join('; ')}\n`);
    return 1;
  }
  const projections = app.get(ProjectionRunner);
  const total = await app.get<EventStore>(EVENT_STORE).countEvents?.();
  const progress = progressBar('rebuild', 'events', total);
  const result = await projections.rebuild({ onBatch: (events) => progress.update(events) });
  progress.stop();
  process.stdout.write(`${JSON.stringify({ rebuilt: projections.names, events: result.events, ms: result.ms })}\n`);
  return 0;
}

/** The stores that do not answer (and a service key problem), each as `name: reason`. */
async function storesDown(storage: Storage): Promise<string[]> {
  const down: string[] = [];
  for (const probe of storage.probes) {
    await probe.ping().catch((error: Error) => down.push(`${probe.name}: ${error.message}`));
  }
  return down;
}
