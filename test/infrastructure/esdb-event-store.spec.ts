import {
  ANY,
  BACKWARDS,
  CurrentRevision,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_NAME,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { EsdbEventStore } from '../../src/infrastructure/event-store/esdb-event-store.adapter';
import {
  ExpectedRevision,
  GlobalPosition,
  STREAM_CATEGORIES,
  WrongExpectedRevisionError,
} from '../../src/infrastructure/event-store/event-store.port';
import { StoreUnavailableError } from '../../src/infrastructure/store-errors/store-unavailable.error';
import { EsdbClientDouble, esdbEvent } from '../support/esdb-client-double';

/**
 * The EventStoreDB adapter against a stand-in of `@eventstore/db-client` (no server runs here): what
 * it asks of the client and how it maps the answers, positions and errors to the port. Against a
 * real server, the event store contract suite runs with ESDB_URL.
 */
describe('EventStoreDB event store adapter (client double)', () => {
  const MAX = 18_446_744_073_709_551_615n; // positions are unsigned 64-bit: no Number on the way
  let client: EsdbClientDouble;
  const stored = new Map<string, GlobalPosition | null>();
  const checkpoints = {
    read: async (name: string) => stored.get(name) ?? null,
    store: async (name: string, position: GlobalPosition | null) => void stored.set(name, position),
    storeMany: async (all: ReadonlyMap<string, GlobalPosition | null>) => all.forEach((p, n) => stored.set(n, p)),
  };
  const adapter = (namespace = '') =>
    new EsdbEventStore(client.asClient(), { checkpoints, namespace, quietAfterMs: 200 });
  const newEvent = (n: number) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    type: 'points.awarded.v1',
    data: { n },
  });

  beforeEach(() => {
    client = new EsdbClientDouble();
    stored.clear();
  });

  describe('appendToStream', () => {
    it('passes NO_STREAM, a revision or ANY, and JSON events with their ids, types, data and metadata', async () => {
      client.appendAnswer = async () => ({
        success: true,
        nextExpectedRevision: 0n,
        position: { commit: MAX, prepare: MAX - 1n },
      });
      const store = adapter();
      const result = await store.appendToStream(
        'customer-s_c',
        [{ ...newEvent(1), metadata: { source: 'api' } }],
        'no_stream',
      );
      await store.appendToStream('customer-s_c', [newEvent(2)], 7n);
      await store.appendToStream('customer-s_c', [newEvent(3)], 'any');
      const [first, second, third] = client.callsOf('appendToStream');
      expect(first[0]).toBe('customer-s_c');
      expect(first[1]).toEqual([
        {
          id: newEvent(1).id,
          contentType: 'application/json',
          type: 'points.awarded.v1',
          data: { n: 1 },
          metadata: { source: 'api' },
        },
      ]);
      expect(first[2]).toEqual({ expectedRevision: NO_STREAM });
      expect(second[2]).toEqual({ expectedRevision: 7n });
      expect((second[1] as Array<{ metadata: unknown }>)[0].metadata).toEqual({});
      expect(third[2]).toEqual({ expectedRevision: ANY });
      expect(result).toEqual({ nextExpectedRevision: 0n, position: { commit: MAX, prepare: MAX - 1n } });
    });

    it('answers the position the last event has in $all, read back from the stream', async () => {
      client.appendAnswer = async () => ({
        success: true,
        nextExpectedRevision: 4n,
        position: { commit: 900n, prepare: 800n },
      });
      client.streamAnswer = () => [esdbEvent('customer-s_c', 4n, { commit: 900n, prepare: 870n })];
      const result = await adapter().appendToStream('customer-s_c', [newEvent(1), newEvent(2)], 2n);
      expect(result).toEqual({ nextExpectedRevision: 4n, position: { commit: 900n, prepare: 870n } });
      expect(client.callsOf('readStream')).toEqual([
        ['customer-s_c', { fromRevision: 4n, direction: FORWARDS, maxCount: 1 }],
      ]);
      // One event too: the write's position is not taken for the event's.
      expect(await adapter().appendToStream('customer-s_c', [newEvent(3)], 3n)).toEqual(result);
      // A server that gives neither (older than 22.6) is an error, not a made-up position.
      client.streamAnswer = () => [];
      client.appendAnswer = async () => ({ success: true, nextExpectedRevision: 4n });
      await expect(adapter().appendToStream('customer-s_c', [newEvent(4)], 3n)).rejects.toThrow('no position');
    });

    it.each<[ExpectedRevision, CurrentRevision, bigint | 'no_stream']>([
      [3n, 5n, 5n],
      ['no_stream', 0n, 0n],
      [2n, NO_STREAM, 'no_stream'],
    ])(
      'WrongExpectedVersionError (expected %p, server at %p) is the port error with the actual revision',
      async (expected, current, actual) => {
        client.appendAnswer = async () => {
          throw new WrongExpectedVersionError(undefined, {
            streamName: 'customer-s_c',
            expected: expected === 'no_stream' ? NO_STREAM : expected,
            current,
          });
        };
        const error = await adapter()
          .appendToStream('customer-s_c', [newEvent(1)], expected)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: 'customer-s_c', expected, actual });
      },
    );

    it('an unreachable server is StoreUnavailableError; other errors pass unchanged', async () => {
      client.appendAnswer = async () => {
        throw new UnavailableError();
      };
      await expect(adapter().appendToStream('customer-s_c', [newEvent(1)], 0n)).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      // What the real client throws from an append it cannot connect for: the raw gRPC error.
      client.appendAnswer = async () => {
        throw Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
          code: 14,
          details: 'No connection established',
        });
      };
      await expect(adapter().appendToStream('customer-s_c', [newEvent(1)], 0n)).rejects.toBeInstanceOf(
        StoreUnavailableError,
      );
      const other = new Error('bad request');
      client.appendAnswer = async () => {
        throw other;
      };
      await expect(adapter().appendToStream('customer-s_c', [newEvent(1)], 0n)).rejects.toBe(other);
    });

    it('refuses streams outside the categories the feed reads (their events would never be projected)', async () => {
      await expect(adapter().appendToStream('audit-x', [newEvent(1)], 'no_stream')).rejects.toThrow(
        /STREAM_CATEGORIES/,
      );
      for (const category of STREAM_CATEGORIES) await adapter().appendToStream(`${category}-x`, [newEvent(1)], 'any');
      await expect(adapter().appendToStream('x', [], 'any')).rejects.toThrow('at least one event');
    });

    it('writes under the namespace, where every stream is in the feed', async () => {
      await adapter('env1.').appendToStream('test-1', [newEvent(1)], 'no_stream');
      expect(client.callsOf('appendToStream')[0][0]).toBe('env1.test-1');
    });
  });

  describe('readStream', () => {
    it('reads forward from a revision and maps every field', async () => {
      client.streamAnswer = () => [
        esdbEvent('env1.customer-s_c', 3n, { commit: MAX, prepare: 12n }, { metadata: { source: 'api' } }),
        esdbEvent('env1.customer-s_c', 4n, { commit: MAX, prepare: 13n }),
      ];
      const events = await adapter('env1.').readStream('customer-s_c', 3n);
      expect(client.callsOf('readStream')).toEqual([['env1.customer-s_c', { fromRevision: 3n, direction: FORWARDS }]]);
      expect(events).toEqual([
        {
          id: '00000000-0000-4000-8000-000000000003',
          streamId: 'customer-s_c',
          revision: 3n,
          position: { commit: MAX, prepare: 12n },
          type: 'points.awarded.v1',
          data: { points: 3 },
          metadata: { source: 'api' },
          recordedAt: new Date('2026-03-01T10:00:00.000Z'),
        },
        expect.objectContaining({ revision: 4n, metadata: {} }),
      ]);
    });

    it('a stream that does not exist is empty; an unreachable server is StoreUnavailableError', async () => {
      client.streamAnswer = (name) => new StreamNotFoundError(undefined, name);
      expect(await adapter().readStream('customer-none')).toEqual([]);
      client.streamAnswer = () => new UnavailableError();
      await expect(adapter().readStream('customer-s_c')).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });

  describe('readStream with maxCount, readStreams', () => {
    it('passes maxCount; zero reads nothing', async () => {
      await adapter().readStream('customer-s_c', 2n, 5);
      expect(client.callsOf('readStream')[0]).toEqual([
        'customer-s_c',
        { fromRevision: 2n, direction: FORWARDS, maxCount: 5 },
      ]);
      expect(await adapter().readStream('customer-s_c', 2n, 0)).toEqual([]);
      expect(client.callsOf('readStream')).toHaveLength(1);
    });

    /** Streams b (3 events), a (2) and c (1) under the prefix. */
    const streams: Record<string, number> = { 'env1.customer-s_b': 3, 'env1.customer-s_a': 2, 'env1.customer-s_c': 1 };
    const answerStreams = (name: string, options: Record<string, unknown>) => {
      const count = streams[name] ?? 0;
      const from = Number(options.fromRevision ?? 0n);
      const max = Number(options.maxCount ?? 1000);
      return Array.from({ length: count }, (_, r) => esdbEvent(name, BigInt(r), { commit: 1n, prepare: 1n }))
        .slice(from)
        .slice(0, max);
    };

    it('walks the streams of a prefix in id order (ids from $all filtered on the prefix), a page at a time', async () => {
      client.streamAnswer = answerStreams;
      client.onSubscribe = (s) => {
        // As $all has them: interleaved, repeated, in write order.
        for (const [name, revision] of [
          ['env1.customer-s_b', 0n],
          ['env1.customer-s_a', 0n],
          ['env1.customer-s_c', 0n],
          ['env1.customer-s_b', 1n],
          ['env1.customer-s_a', 1n],
          ['env1.customer-s_b', 2n],
        ] as const) {
          s.write(esdbEvent(name, revision, { commit: 1n, prepare: 1n }));
        }
        s.emit('caughtUp');
      };
      const store = adapter('env1.');
      const read: string[] = [];
      let after: { streamId: string; revision: bigint } | null = null;
      for (let page = await store.readStreams({ prefix: 'customer-s_', after, limit: 2 }); page.length > 0;) {
        read.push(...page.map((e) => `${e.streamId}#${e.revision}`));
        after = { streamId: page[page.length - 1].streamId, revision: page[page.length - 1].revision };
        page = await store.readStreams({ prefix: 'customer-s_', after, limit: 2 });
      }
      expect(read).toEqual([
        'customer-s_a#0',
        'customer-s_a#1',
        'customer-s_b#0',
        'customer-s_b#1',
        'customer-s_b#2',
        'customer-s_c#0',
      ]);
      // One scan for the walk, filtered on the prefix by the server.
      expect(client.callsOf('subscribeToAll')).toHaveLength(1);
      expect((client.callsOf('subscribeToAll')[0][0] as Record<string, any>).filter.prefixes).toEqual([
        'env1.customer-s_',
      ]);
    });
  });

  describe('readAll (catch-up subscription to $all)', () => {
    it('subscribes from the start, or from the position, with a server-side filter on the service stream prefixes', async () => {
      await adapter().readAll({ after: null, limit: 10 });
      await adapter().readAll({ after: { commit: MAX, prepare: 5n }, limit: 10 });
      const [[fromStart], [fromPosition]] = client.callsOf('subscribeToAll') as Array<[Record<string, any>]>;
      expect(fromStart.fromPosition).toBe(START);
      expect(fromPosition.fromPosition).toEqual({ commit: MAX, prepare: 5n });
      expect(fromStart.filter).toMatchObject({
        filterOn: STREAM_NAME,
        prefixes: [
          'customer-',
          'tiers-',
          'shop-',
          'webhooks-',
          'programs-',
          'redemption-quota-',
          'social-handle-',
          'referral-claim-',
          'referral-invites-',
          'privacy-',
          'translations-',
        ],
      });
      await adapter('env1.').readAll({ after: null, limit: 10 });
      expect((client.callsOf('subscribeToAll')[2][0] as Record<string, any>).filter.prefixes).toEqual(['env1.']);
    });

    it('returns service events after the position until caught up, skipping system events, other streams and the start', async () => {
      const after = { commit: 100n, prepare: 100n };
      client.onSubscribe = (s) => {
        s.write(esdbEvent('customer-s_a', 0n, after)); // the start position itself
        s.write(esdbEvent('$stats-127.0.0.1:2113', 0n, { commit: 150n, prepare: 150n }, { type: '$statsCollected' }));
        s.write(esdbEvent('customer-s_a', 1n, { commit: 200n, prepare: 190n }));
        s.write(esdbEvent('$$customer-s_a', 0n, { commit: 210n, prepare: 210n }, { type: '$metadata' }));
        s.write({ link: esdbEvent('$ce-customer', 0n, { commit: 220n, prepare: 220n }).event } as never);
        s.write(esdbEvent('tiers-s', 0n, { commit: 300n, prepare: 300n }, { type: 'tier.defined.v1' }));
        s.emit('caughtUp');
        // Live events coming later belong to the next read.
        setTimeout(() => s.write(esdbEvent('customer-s_b', 0n, { commit: 400n, prepare: 400n })), 50);
      };
      const events = await adapter().readAll({ after, limit: 100 });
      expect(events.map((e) => [e.streamId, e.revision, e.position])).toEqual([
        ['customer-s_a', 1n, { commit: 200n, prepare: 190n }],
        ['tiers-s', 0n, { commit: 300n, prepare: 300n }],
      ]);
      expect(client.subscriptions[0].unsubscribed).toBe(true);
    });

    it('stops at the page size', async () => {
      client.onSubscribe = (s) => {
        for (let i = 0n; i < 5n; i++) s.write(esdbEvent('customer-s_a', i, { commit: 10n + i, prepare: 10n + i }));
      };
      const events = await adapter().readAll({ after: null, limit: 3 });
      expect(events.map((e) => e.revision)).toEqual([0n, 1n, 2n]);
      expect(client.subscriptions[0].unsubscribed).toBe(true);
    });

    it('a server that never says it caught up: the read ends after a quiet spell', async () => {
      client.onSubscribe = (s) => void s.write(esdbEvent('customer-s_a', 0n, { commit: 10n, prepare: 10n }));
      const started = Date.now();
      const events = await adapter().readAll({ after: null, limit: 10 });
      expect(events).toHaveLength(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    });

    it('a subscription error is StoreUnavailableError when the server is unreachable', async () => {
      client.onSubscribe = (s) => s.emit('error', new UnavailableError());
      await expect(adapter().readAll({ after: null, limit: 10 })).rejects.toBeInstanceOf(StoreUnavailableError);
    });
  });

  describe('headPosition, checkpoints, ping, close', () => {
    it('headPosition is the newest service event, read backwards from the end', async () => {
      client.allAnswer = () => [
        esdbEvent('$stats-x', 9n, { commit: 990n, prepare: 990n }, { type: '$statsCollected' }),
        esdbEvent('shop-s', 2n, { commit: 980n, prepare: 975n }, { type: 'shop.provisioned.v1' }),
      ];
      expect(await adapter().headPosition()).toEqual({ commit: 980n, prepare: 975n });
      expect(client.callsOf('readAll')[0][0]).toMatchObject({ fromPosition: END, direction: BACKWARDS });
      client.allAnswer = () => [
        esdbEvent('$stats-x', 9n, { commit: 990n, prepare: 990n }, { type: '$statsCollected' }),
      ];
      expect(await adapter().headPosition()).toEqual({ commit: 990n, prepare: 990n });
      client.allAnswer = () => [];
      expect(await adapter().headPosition()).toBeNull();
    });

    it('checkpoints are kept where the options say (beside the webhook outbox), not in the log', async () => {
      const store = adapter();
      await store.storeCheckpoint('customers_v2', { commit: MAX, prepare: 1n });
      expect(await store.readCheckpoint('customers_v2')).toEqual({ commit: MAX, prepare: 1n });
      expect(client.callsOf('appendToStream')).toHaveLength(0);
    });

    it('ping reads one event of $all; unreachable is StoreUnavailableError; close disposes the client', async () => {
      await adapter().ping();
      expect(client.callsOf('readAll')[0][0]).toMatchObject({ maxCount: 1, direction: BACKWARDS });
      client.allAnswer = () => new UnavailableError();
      await expect(adapter().ping()).rejects.toBeInstanceOf(StoreUnavailableError);
      await adapter().close();
      expect(client.disposed).toBe(true);
    });
  });
});
