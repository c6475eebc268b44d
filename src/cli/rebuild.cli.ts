import { INestApplicationContext } from '@nestjs/common';
import { EVENT_STORE, EventStore } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from '../projections/projection-runner';
import { progressBar } from './progress';

/** `loyalty projections rebuild`: every read model from the log; a progress bar on a terminal. */
export async function rebuildCommand(app: INestApplicationContext): Promise<number> {
  const projections = app.get(ProjectionRunner);
  const total = await app.get<EventStore>(EVENT_STORE).countEvents?.();
  const progress = progressBar('rebuild', 'events', total);
  const result = await projections.rebuild({ onBatch: (events) => progress.update(events) });
  progress.stop();
  process.stdout.write(`${JSON.stringify({ rebuilt: projections.names, events: result.events, ms: result.ms })}\n`);
  return 0;
}
