import { RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import { CollectionDefinition, Document, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { Projection } from '../../src/projections/projection';
import { ProjectionBatch } from '../../src/projections/projection-batch';
import { defaultStoreKind, openTestStorage, TestStorage } from './stores';

/** Midnight UTC of day `day` (1 to 9) of January 2026: when the events of a projection spec happen. */
export const januaryDay = (day: number) => `2026-01-0${day}T00:00:00.000Z`;

/**
 * The days and event heads of a spec whose events are one entity's of shop s1, in January 2026:
 * `at(day)` is that day (januaryDay); `head(id, eventId, day)` the fields every event begins with,
 * the entity's id under `idField` (`programId`, `webhookId`…).
 */
export function januaryEvents<K extends string>(idField: K) {
  const head = (id: string, eventId: string, day: number) =>
    ({ eventId, occurredAt: januaryDay(day), shopId: 's1', [idField]: id }) as {
      eventId: string;
      occurredAt: string;
      shopId: string;
    } & Record<K, string>;
  return { at: januaryDay, head };
}

/** An event as a test writes it: its type, its data, and the stream it belongs to. */
export interface GivenEvent {
  type: string;
  streamId: string;
  [field: string]: unknown;
}

/**
 * Given/When/Then for projections (the companion of deciderSpec): each event is delivered on its
 * own, then delivered again, once as the same process would (its in-memory copies kept) and once as
 * after a restart (`reset`, only the stored documents), and every redelivery must leave every
 * collection of the projection exactly as the first delivery did. Projections are applied at least
 * once (a crash between applying and checkpointing redelivers a batch), so this is their contract.
 *
 *   const spec = projectionSpec(projection, readStore);
 *   await spec.given([enrolled]);
 *   await spec.when([awarded]);
 *   expect(await spec.then(CUSTOMERS, customerId)).toMatchObject({ point: 10 });
 */
export function projectionSpec(projection: Projection, readStore: ReadStore) {
  const record = eventRecorder();
  const snapshot = async () => {
    const all: Record<string, Document[]> = {};
    for (const definition of projection.collections) {
      const docs = await (await readStore.collection(definition)).find({});
      all[definition.name] = docs.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    }
    return all;
  };
  const apply = async (event: RecordedEvent) => {
    const batch = new ProjectionBatch(readStore);
    await projection.apply([event], batch);
    await batch.commit();
  };
  const deliver = async (events: GivenEvent[]) => {
    for (const event of events.map(record)) {
      if (!projection.handles(event.type)) throw new Error(`${projection.name} does not handle ${event.type}`);
      await apply(event);
      const once = await snapshot();
      await apply(event);
      expect(await snapshot()).toEqual(once);
      projection.reset?.();
      await apply(event);
      expect(await snapshot()).toEqual(once);
    }
  };
  return {
    given: deliver,
    when: deliver,
    /** A document as the projection left it (null when it has none). */
    async then<T extends Document>(definition: CollectionDefinition, id: string): Promise<T | null> {
      return (await readStore.collection<T>(definition)).get(id);
    },
    /** Every document of a collection, by id. */
    async all<T extends Document>(definition: CollectionDefinition): Promise<T[]> {
      return (await snapshot())[definition.name] as T[];
    },
  };
}

/** A fresh read store for the projection specs of one describe block (opened before them, removed after). */
export function projectionStore(): () => ReadStore {
  let store: TestStorage;
  beforeAll(async () => {
    store = await openTestStorage(defaultStoreKind());
  });
  afterAll(() => store.cleanup());
  return () => store.storage.readStore;
}

/** Domain events as one stream recorded them (what a decider decided, or written out), for given/when. */
export function onStream<E extends { type: string }>(streamId: string, events: E[]): GivenEvent[] {
  return events.map((event) => ({ ...event, streamId }));
}

/** Records given events as a log would: revisions per stream and global positions, in order. */
export function eventRecorder(): (event: GivenEvent) => RecordedEvent {
  const revisions = new Map<string, bigint>();
  let position = 0n;
  return ({ type, streamId, ...data }) => {
    const revision = (revisions.get(streamId) ?? -1n) + 1n;
    revisions.set(streamId, revision);
    position++;
    return {
      id: `event-${position}`,
      streamId,
      revision,
      position: { commit: position, prepare: position },
      type,
      data: { ...data, type },
      metadata: {},
      recordedAt: new Date(0),
    };
  };
}
