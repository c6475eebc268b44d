import { CollectionDefinition } from '../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../infrastructure/event-store/event-store.port';
import { ProjectionBatch } from './projection-batch';

export const PROJECTIONS = Symbol('PROJECTIONS');

/**
 * A read model built from the global feed. `name` is its checkpoint name and carries a version
 * (`customers_v1`): a changed projection gets a new name and is rebuilt from the log.
 * `apply` stages its writes in the step's batch (stored in one round trip with the other
 * projections') and must be idempotent: after a crash before a checkpoint, events come again.
 */
export interface Projection {
  readonly name: string;
  readonly collections: CollectionDefinition[];
  handles(eventType: string): boolean;
  apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void>;
  /**
   * Sums across streams (a shop's day of movements): two processes applying the same events at once
   * would each add them, because a redelivery check reads what the other has not written yet. Such
   * a projection is applied by one process of a deployment at a time, the holder of its lease; the
   * others read what the holder writes, and take over when it stops.
   */
  readonly singleWriter?: boolean;
  /** Forget anything kept in memory (called before a rebuild, and when this process takes the lease). */
  reset?(): void;
}

/**
 * A projection's `handles` for a fixed set of event types: pass a capability's whole event-type
 * table (`Object.values(ProgramEventType)`) or the few types it reads.
 */
export function handlesEventTypes(types: Iterable<string>): (eventType: string) => boolean {
  const handled = new Set(types);
  return (eventType) => handled.has(eventType);
}
