import { CollectionDefinition } from '../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from './projection';
import { ProjectionBatch, StagedCollection } from './projection-batch';
import { DomainEvent, fromRecorded } from '../event-sourcing/domain-event';

/** A read-model document kept per stream, stamped with the stream revision it reflects. */
export interface StreamDocument {
  id: string;
  streamRevision: string;
}

export interface UnappliedEvent<E, D> {
  event: E;
  recorded: RecordedEvent;
  /** The stream's document as stored so far (null: none yet, or deleted). */
  doc: D | null;
  /** The revision a document written for this event reflects, as `streamRevision` stores it. */
  revision: string;
  /** The last fields of a document written for this event: when it changed, and the revision it now reflects. */
  stamp: { updatedAt: string; streamRevision: string };
}

/**
 * The events a projection has not applied to their stream's document yet, each with that document.
 * An event at or below the document's `streamRevision` is skipped: after a crash before the
 * checkpoint events come again, and applying one twice would step the document back.
 */
export async function* unappliedEvents<E extends DomainEvent, D extends StreamDocument>(
  events: RecordedEvent[],
  docs: StagedCollection<D>,
  docIdOf: (event: E) => string,
): AsyncGenerator<UnappliedEvent<E, D>> {
  for (const recorded of events) {
    const event = fromRecorded<E>(recorded);
    const doc = await docs.get(docIdOf(event));
    if (doc && BigInt(doc.streamRevision) >= recorded.revision) continue;
    const revision = recorded.revision.toString();
    yield { event, recorded, doc, revision, stamp: { updatedAt: event.occurredAt, streamRevision: revision } };
  }
}

/**
 * What an event does to its stream's document: the document to store, `'deleted'`, or null to leave
 * it as it is (an update of a document that is not there).
 */
export type DocumentChange<D> = D | 'deleted' | null;

/** A cache of a shop's configuration (programs, tiers) that a projection drops when it changes. */
export interface ShopCache {
  invalidate(shopId: string): void;
}

/**
 * A projection keeping one document per stream of one event family (a program, a tier, a webhook):
 * subclasses say what each event does to its document (`change`); this skips the events a document
 * already reflects (see unappliedEvents) and stores or deletes what `change` answers.
 */
export abstract class StreamDocumentsProjection<
  E extends DomainEvent & { shopId: string },
  D extends StreamDocument,
> implements Projection {
  abstract readonly name: string;
  readonly collections: CollectionDefinition[];
  readonly handles: (eventType: string) => boolean;

  /**
   * `eventTypes`: the family's event-type table, all of which it handles. `cache`: dropped for the
   * event's shop once the batch is stored (not before: a reload then would cache the old state again).
   */
  protected constructor(
    private readonly documents: CollectionDefinition,
    eventTypes: Record<string, string>,
    private readonly docIdOf: (event: E) => string,
    private readonly cache?: ShopCache,
  ) {
    this.collections = [documents];
    this.handles = handlesEventTypes(Object.values(eventTypes));
  }

  protected abstract change(unapplied: UnappliedEvent<E, D>): DocumentChange<D>;

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const docs = batch.collection<D>(this.documents);
    for await (const unapplied of unappliedEvents(events, docs, this.docIdOf)) {
      const { event } = unapplied;
      const next = this.change(unapplied);
      if (next === 'deleted') docs.delete(this.docIdOf(event));
      else if (next) docs.put(next);
      const cache = this.cache;
      if (cache) batch.onCommit(() => cache.invalidate(event.shopId));
    }
  }
}
