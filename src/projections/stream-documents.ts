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

/** An event as a document projection applies it: the stored record, and the stamp a document written for it takes. */
export interface AppliedEvent {
  recorded: RecordedEvent;
  /** The revision a document written for this event reflects, as `streamRevision` stores it. */
  revision: string;
  /** The last fields of a document written for this event: when it changed, and the revision it now reflects. */
  stamp: { updatedAt: string; streamRevision: string };
}

/**
 * What each event type does to its document (emmett's projection shape): the document to store,
 * `'deleted'`, or null to leave it. The table's keys are the event types the projection handles.
 */
export type DocumentHandlers<Events extends Record<string, DomainEvent>, D> = {
  readonly [K in keyof Events]: (doc: D | null, event: Events[K], applied: AppliedEvent) => DocumentChange<D>;
};

/**
 * A read model of one document per stream (a program, a tier, a webhook, an order): where an event's
 * document is, and the handlers table. `Events` is the handled events by type (`ByType<ProgramEvent>`).
 */
export interface DocumentProjectionSpec<Events extends Record<string, DomainEvent & { shopId: string }>, D> {
  /** The checkpoint name, with its version (a changed projection gets a new name and is rebuilt). */
  readonly name: string;
  readonly documents: CollectionDefinition;
  readonly documentId: (event: Events[keyof Events]) => string;
  readonly handlers: DocumentHandlers<Events, D>;
}

const handledBy = <T extends object>(table: T, type: string): type is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, type);

/**
 * A document projection from its spec. The one revision guard: an event at or below its document's
 * `streamRevision` is skipped (after a crash before the checkpoint events come again, and applying
 * one twice would step the document back). `cache`: dropped for the event's shop once the batch is
 * stored (not before: a reload then would cache the old state again).
 */
export class DocumentProjection<
  Events extends Record<string, DomainEvent & { shopId: string }>,
  D extends StreamDocument,
> implements Projection {
  readonly name: string;
  readonly collections: CollectionDefinition[];
  readonly handles: (eventType: string) => boolean;

  constructor(
    private readonly spec: DocumentProjectionSpec<Events, D>,
    private readonly cache?: ShopCache,
  ) {
    this.name = spec.name;
    this.collections = [spec.documents];
    this.handles = handlesEventTypes(Object.keys(spec.handlers));
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const docs = batch.collection<D>(this.spec.documents);
    for (const recorded of events) {
      const type = recorded.type;
      if (!handledBy(this.spec.handlers, type)) continue;
      await this.applyEvent(type, fromRecorded<Events[typeof type]>(recorded), recorded, docs, batch);
    }
  }

  private async applyEvent<K extends keyof Events>(
    type: K,
    event: Events[K],
    recorded: RecordedEvent,
    docs: StagedCollection<D>,
    batch: ProjectionBatch,
  ): Promise<void> {
    const id = this.spec.documentId(event);
    const doc = await docs.get(id);
    if (doc && BigInt(doc.streamRevision) >= recorded.revision) return;
    const revision = recorded.revision.toString();
    const stamp = { updatedAt: event.occurredAt, streamRevision: revision };
    const next = this.spec.handlers[type](doc, event, { recorded, revision, stamp });
    if (next === 'deleted') docs.delete(id);
    else if (next) docs.put(next);
    const cache = this.cache;
    if (cache) batch.onCommit(() => cache.invalidate(event.shopId));
  }
}
