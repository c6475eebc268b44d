import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import {
  EVENT_STORE,
  EventStore,
  GlobalPosition,
  RecordedEvent,
} from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { deterministicUuid } from '../../shared/domain/ids';
import { AppConfig } from '../../config/app-config';
import { WebhookEvent, WebhookEventType as W } from '../domain/webhook-events';
import {
  NewDelivery,
  ProjectorSubscription,
  ResumedWebhook,
  WEBHOOK_OUTBOX,
  WebhookOutbox,
} from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { messagesFor } from './webhook-payloads';
import { AppendSignal } from '../../event-sourcing/append-signal';
import { SharedFeedReads } from '../../projections/shared-feed-reads';
import { DeliveryWorker } from './delivery-worker';
import { FeedFollower } from '../../projections/feed-follower';
import { CLOCK, Clock, systemClock } from '../../shared/domain/clock';

const BATCH = 500;
/** A checkpoint with nothing else to write is stored at most this often (and when stopping). */
const CHECKPOINT_EVERY_MS = 1000;
const WEBHOOK_TYPES = new Set<string>(Object.values(W));

/**
 * The webhook projector: one more reader of the global feed. For every event and every webhook of
 * the event's shop that was enabled for its topic at that point of the log, it writes one delivery
 * to the outbox. It follows webhook registrations from the same feed, so a webhook receives the
 * events after its registration and none before. Deliveries, its view of the webhooks and its
 * checkpoint are committed together, and delivery ids derive from (event, webhook): a restart
 * neither loses nor doubles a delivery.
 */
@Injectable()
export class WebhookProjector extends FeedFollower {
  protected readonly logger = new Logger('WebhookProjector');
  private checkpoint: GlobalPosition | null = null;
  /** The checkpoint has moved past what is stored (only over batches that wrote nothing). */
  private unsaved = false;
  private savedAt = 0;
  private subscriptions = new Map<string, ProjectorSubscription>();
  private exclusive: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    private readonly config: AppConfig,
    appended: AppendSignal,
    private readonly worker: DeliveryWorker,
    // The read the projections make after the same append (absent: read alone).
    @Optional() private readonly feed?: SharedFeedReads,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
  ) {
    super();
    this.followFeed(appended, {
      what: 'Webhook projector step',
      pageSize: BATCH,
      // Start again from what is stored: the failed batch was not committed.
      onError: () => this.loadCheckpoints(),
      // Idle comes after every round under load: the checkpoint alone is stored at most once a second.
      onIdle: async () => {
        if (Date.now() - this.savedAt >= CHECKPOINT_EVERY_MS) await this.saveCheckpoints();
      },
      idlePauseMs: () => this.config.projectionPollMs,
    });
  }

  protected readUpTo(): GlobalPosition | null {
    return this.checkpoint;
  }

  /** Stores a checkpoint that only passed over events which wrote nothing. */
  protected saveCheckpoints(): Promise<void> {
    const run = this.exclusive.then(async () => {
      if (!this.unsaved || !this.checkpoint) return;
      await this.outbox.commitProjector({
        deliveries: [],
        subscriptions: [],
        removed: [],
        checkpoint: this.checkpoint,
      });
      this.unsaved = false;
      this.savedAt = Date.now();
    });
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /** Processes everything readable now (tests, CLI). */
  async catchUp(): Promise<void> {
    if (!this.loop.isRunning) await this.loadCheckpoints();
    await this.readToEnd();
  }

  /** The checkpoint and the webhooks as of it. */
  protected async loadCheckpoints(): Promise<void> {
    const state = await this.outbox.loadProjector();
    this.checkpoint = state.checkpoint;
    this.subscriptions = new Map(state.subscriptions.map((s) => [s.webhookId, s]));
  }

  protected step(): Promise<number> {
    const run = this.exclusive.then(async () => {
      const batch = this.feed
        ? await this.feed.readAll(this.checkpoint, BATCH)
        : await this.eventStore.readAll({ after: this.checkpoint, limit: BATCH });
      if (batch.length === 0) return 0;
      const next = new Map(this.subscriptions);
      const changed = new Set<string>();
      const removed = new Set<string>();
      const resumed: ResumedWebhook[] = [];
      const deliveries: NewDelivery[] = [];
      for (const recorded of batch) {
        if (WEBHOOK_TYPES.has(recorded.type)) {
          const e = fromRecorded<WebhookEvent>(recorded);
          const wasEnabled = next.get(e.webhookId)?.enabled;
          this.applySubscriptionEvent(e, next, changed, removed);
          // Turned on again: its pending deliveries resume, in order, and its health starts afresh.
          if (wasEnabled === false && next.get(e.webhookId)?.enabled)
            resumed.push({ webhookId: e.webhookId, at: e.occurredAt });
          continue;
        }
        deliveries.push(...this.deliveriesFor(recorded, next));
      }
      // Due now by the service's clock, which the delivery worker goes by (the event's time is the store's).
      const dueAt = this.clock.now().toISOString();
      for (const delivery of deliveries) delivery.dueAt = dueAt;
      const last = batch[batch.length - 1].position;
      // Most events concern no webhook: their batches write nothing but the checkpoint, which then
      // waits (at most a second, or until idle): after a crash they are read again and again write
      // nothing. Batches with something to write always store their checkpoint with it.
      const nothingToWrite =
        deliveries.length === 0 && changed.size === 0 && removed.size === 0 && resumed.length === 0;
      if (nothingToWrite && Date.now() - this.savedAt < CHECKPOINT_EVERY_MS) {
        this.checkpoint = last;
        this.unsaved = true;
        return batch.length;
      }
      await this.outbox.commitProjector({
        deliveries,
        subscriptions: [...changed].filter((id) => next.has(id)).map((id) => next.get(id)!),
        removed: [...removed],
        resumed,
        checkpoint: last,
      });
      this.subscriptions = next;
      this.checkpoint = last;
      this.unsaved = false;
      this.savedAt = Date.now();
      if (deliveries.length > 0 || resumed.length > 0) this.worker.nudge();
      return batch.length;
    });
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  private applySubscriptionEvent(
    e: WebhookEvent,
    subs: Map<string, ProjectorSubscription>,
    changed: Set<string>,
    removed: Set<string>,
  ): void {
    const current = subs.get(e.webhookId);
    switch (e.type) {
      case W.Registered:
        subs.set(e.webhookId, { webhookId: e.webhookId, shopId: e.shopId, topic: e.topic, enabled: true });
        break;
      case W.Updated:
        if (current && e.isEnabled !== undefined) subs.set(e.webhookId, { ...current, enabled: e.isEnabled });
        break;
      case W.Disabled:
        if (current) subs.set(e.webhookId, { ...current, enabled: false });
        break;
      case W.Deleted:
        subs.delete(e.webhookId);
        removed.add(e.webhookId);
        changed.delete(e.webhookId);
        return;
    }
    removed.delete(e.webhookId);
    changed.add(e.webhookId);
  }

  private deliveriesFor(recorded: RecordedEvent, subs: Map<string, ProjectorSubscription>): NewDelivery[] {
    const messages = messagesFor(recorded);
    if (messages.length === 0) return [];
    const shopId = (recorded.data as { shopId?: string }).shopId;
    const out: NewDelivery[] = [];
    for (const message of messages) {
      for (const sub of subs.values()) {
        if (!sub.enabled || sub.shopId !== shopId || sub.topic !== message.topic) continue;
        const id = deterministicUuid('webhook-delivery', recorded.id, sub.webhookId);
        const createdAt = recorded.recordedAt.toISOString();
        const body = JSON.stringify({
          webhookId: id,
          topic: message.topic,
          shopId,
          createdAt,
          subscriptionId: sub.webhookId,
          ...message.fields,
        });
        out.push({
          id,
          shopId: shopId!,
          webhookId: sub.webhookId,
          topic: message.topic,
          orderingKey: message.orderingKey,
          eventId: recorded.id,
          body,
          createdAt,
        });
      }
    }
    return out;
  }
}
