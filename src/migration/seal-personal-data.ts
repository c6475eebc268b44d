import { EventStore, GlobalPosition } from '../infrastructure/event-store/event-store.port';
import { SealingEventStore } from '../infrastructure/personal-data/sealing-event-store';

/** The checkpoint of the privacy migration (in the log's own checkpoint table): where to resume. */
export const SEAL_CHECKPOINT = 'privacy-seal-personal-data';

export interface SealProgress {
  scanned: number;
  sealed: number;
  position: GlobalPosition | null;
}

/**
 * The privacy migration: events written before sealing existed hold personal fields in plain text;
 * this seals them in place with each customer's data key (a customer already erased has the fields
 * written as null). It follows the global feed from its checkpoint, a batch at a time, storing the
 * checkpoint after each batch, so an interrupted run resumes where it stopped; running it again
 * finds nothing left to seal. Safe beside a running service: it only rewrites events that are not
 * sealed, and new appends are sealed already.
 */
export async function sealPersonalData(
  sealing: SealingEventStore,
  raw: EventStore,
  options: { batchSize: number; restart: boolean; onBatch?: (progress: SealProgress) => void },
): Promise<SealProgress> {
  if (!sealing.canSealStored) throw new Error('This event store cannot be edited in place (EventStoreDB)');
  if (options.restart) await raw.storeCheckpoint(SEAL_CHECKPOINT, null);
  const progress: SealProgress = { scanned: 0, sealed: 0, position: await raw.readCheckpoint(SEAL_CHECKPOINT) };
  for (;;) {
    const batch = await raw.readAll({ after: progress.position, limit: options.batchSize });
    if (batch.length === 0) return progress;
    progress.sealed += await sealing.sealStored(batch);
    progress.scanned += batch.length;
    progress.position = batch[batch.length - 1].position;
    await raw.storeCheckpoint(SEAL_CHECKPOINT, progress.position);
    options.onBatch?.(progress);
  }
}
