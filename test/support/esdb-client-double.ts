import { PassThrough, Readable } from 'node:stream';
import type { AllStreamResolvedEvent, AppendResult, Position, ResolvedEvent } from '@eventstore/db-client';
import { EsdbClient } from '../../src/infrastructure/event-store/esdb-event-store.adapter';

type Call = { method: string; args: unknown[] };

/** A recorded event as `@eventstore/db-client` hands it out (JSON content). */
export function esdbEvent(
  streamId: string,
  revision: bigint,
  position: Position | undefined,
  overrides: Partial<{ type: string; data: unknown; metadata: unknown; id: string; created: Date }> = {},
): AllStreamResolvedEvent {
  return {
    event: {
      streamId,
      id: overrides.id ?? `00000000-0000-4000-8000-${revision.toString().padStart(12, '0')}`,
      isJson: true,
      revision,
      type: overrides.type ?? 'points.awarded.v1',
      created: overrides.created ?? new Date('2026-03-01T10:00:00.000Z'),
      data: (overrides.data ?? { points: Number(revision) }) as never,
      metadata: overrides.metadata as never,
      position: position as Position,
    },
    commitPosition: position?.commit,
  } as AllStreamResolvedEvent;
}

/** A catch-up subscription: an object stream with `unsubscribe`, emitting `caughtUp` like the client's. */
export class SubscriptionDouble extends PassThrough {
  unsubscribed = false;

  constructor() {
    super({ objectMode: true });
  }

  async unsubscribe(): Promise<void> {
    this.unsubscribed = true;
  }
}

/**
 * Stands in for `EventStoreDBClient` where no server can run: the same methods, arguments and
 * answers (streams of resolved events, AppendResult, the client's error classes), scripted per test.
 * It is not an event store: each test says what the server answers and looks at what was asked.
 */
export class EsdbClientDouble {
  readonly calls: Call[] = [];
  appendAnswer: () => Promise<AppendResult> = async () => ({
    success: true,
    nextExpectedRevision: 0n,
    position: { commit: 1n, prepare: 1n },
  });
  /** Events each readStream call streams (or an error it fails with while streaming). */
  streamAnswer: (name: string, options: Record<string, unknown>) => ResolvedEvent[] | Error = () => [];
  allAnswer: (options: Record<string, unknown>) => ResolvedEvent[] | Error = () => [];
  /** What a subscription does once made: emits events, caughtUp, errors. */
  onSubscribe: (subscription: SubscriptionDouble, options: Record<string, unknown>) => void = (s) => s.emit('caughtUp');
  readonly subscriptions: SubscriptionDouble[] = [];
  disposed = false;

  asClient(): EsdbClient {
    return this as unknown as EsdbClient;
  }

  appendToStream(streamName: string, events: unknown, options?: unknown): Promise<AppendResult> {
    this.calls.push({ method: 'appendToStream', args: [streamName, events, options] });
    return this.appendAnswer();
  }

  readStream(streamName: string, options: Record<string, unknown> = {}): Readable {
    this.calls.push({ method: 'readStream', args: [streamName, options] });
    return streamOf(this.streamAnswer(streamName, options));
  }

  readAll(options: Record<string, unknown> = {}): Readable {
    this.calls.push({ method: 'readAll', args: [options] });
    return streamOf(this.allAnswer(options));
  }

  subscribeToAll(options: Record<string, unknown> = {}): SubscriptionDouble {
    this.calls.push({ method: 'subscribeToAll', args: [options] });
    const subscription = new SubscriptionDouble();
    this.subscriptions.push(subscription);
    // The server answers after the call has returned, as over gRPC.
    setImmediate(() => this.onSubscribe(subscription, options));
    return subscription;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
  }

  callsOf(method: string): unknown[][] {
    return this.calls.filter((c) => c.method === method).map((c) => c.args);
  }
}

/** Like the client's ReadStream: items, then end; or an error emitted while reading. */
function streamOf(answer: ResolvedEvent[] | Error): Readable {
  if (answer instanceof Error) {
    const failing = new PassThrough({ objectMode: true });
    setImmediate(() => failing.destroy(answer));
    return failing;
  }
  return Readable.from(answer, { objectMode: true });
}
