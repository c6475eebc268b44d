import { GlobalPosition } from '../event-store/event-store.port';

export const WEBHOOK_OUTBOX = Symbol('WEBHOOK_OUTBOX');

/** A webhook subscription as the projector knows it at its checkpoint. */
export interface ProjectorSubscription {
  webhookId: string;
  shopId: string;
  topic: string;
  enabled: boolean;
}

export interface NewDelivery {
  /** Deterministic from (event, webhook): writing it twice is harmless. */
  id: string;
  shopId: string;
  webhookId: string;
  topic: string;
  /** Deliveries with the same key are sent in order (the customer). */
  orderingKey: string;
  eventId: string;
  /** The exact JSON text sent and signed. */
  body: string;
  createdAt: string;
  /**
   * When it is first due, by the service's clock (createdAt, the store's time of the event, when
   * absent): the delivery worker compares due times with the service's clock.
   */
  dueAt?: string;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface Delivery extends NewDelivery {
  sequence: number;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: string | null;
  lastStatusCode: number | null;
  lastError: string | null;
  deliveredAt: string | null;
  /** Attempts made before the last bulk redelivery (the attempt budget counts from there). */
  attemptsAtRequeue: number;
}

export interface DeliveryAttempt {
  deliveryId: string;
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** Who sent it: a worker or a manual redelivery. */
  sentBy: string;
}

/** A webhook's run of failures as stored (the outage policy, `webhooks/domain/webhook-health.ts`, reads and writes it). */
export interface WebhookHealthRecord {
  consecutiveFailures: number;
  failingSince: string | null;
  pausedAt: string | null;
  probes: number;
  nextProbeAt: string | null;
}

/** What recording one attempt writes. */
export interface AttemptWrite {
  health: WebhookHealthRecord;
  status: DeliveryStatus;
  nextAttemptAt: string | null;
  /** The webhook resumed: its other pending deliveries are due now. */
  resumePending: boolean;
}

/** One attempt to record; `decide` (the outage policy) runs on the webhook's health under its row lock. */
export interface AttemptRecord<D extends AttemptWrite> {
  attempt: DeliveryAttempt;
  webhookId: string;
  decide: (health: WebhookHealthRecord) => D;
}

/** A webhook that was turned on again: its health starts afresh and its pending deliveries are due. */
export interface ResumedWebhook {
  webhookId: string;
  at: string;
}

/**
 * The durable outbox between the webhook projector and the delivery workers. The projector's
 * deliveries, its view of the subscriptions and its checkpoint are stored in one transaction, so a
 * restart neither loses nor repeats a delivery.
 */
export interface WebhookOutbox {
  loadProjector(): Promise<{ checkpoint: GlobalPosition | null; subscriptions: ProjectorSubscription[] }>;
  commitProjector(input: {
    deliveries: NewDelivery[];
    subscriptions: ProjectorSubscription[];
    removed: string[];
    /** Re-enabled webhooks (their pending deliveries are due at `at`). */
    resumed?: ResumedWebhook[];
    checkpoint: GlobalPosition;
  }): Promise<void>;
  /**
   * Leases up to `limit` due deliveries to one worker (row locks: two workers never take the same
   * one). A delivery is due only when no earlier delivery with its webhook and ordering key is
   * still pending, so one customer's deliveries keep their order, and only while its webhook is
   * enabled. Of a paused webhook only one delivery is due, its oldest, once its probe time has come.
   */
  claimDue(worker: string, limit: number, leaseMs: number, now: Date): Promise<Delivery[]>;
  /** Records the attempt, the delivery's new state and the webhook's health in one transaction. */
  recordAttempt<D extends AttemptWrite>(record: AttemptRecord<D>): Promise<D>;
  /** Health of these webhooks (missing: healthy). */
  health(webhookIds: string[]): Promise<Map<string, WebhookHealthRecord>>;
  /** Failed deliveries of a webhook become pending and due at `now`, with a fresh attempt budget. */
  requeueFailed(webhookId: string, now: Date): Promise<number>;
  get(deliveryId: string): Promise<Delivery | null>;
  list(
    webhookId: string,
    options: { limit: number; before?: number },
  ): Promise<Array<Delivery & { attemptsLog: DeliveryAttempt[] }>>;
  /**
   * Rewrites the bodies of every delivery about this customer (its ordering key), pending or sent,
   * with the personal fields named set to null (erasure).
   */
  forgetCustomer(shopId: string, customerId: string, personalFields: ReadonlySet<string>): Promise<number>;
  /** Gives up on a webhook's pending deliveries (the webhook was deleted). */
  failPending(webhookId: string, reason: string): Promise<number>;
  /** Deliveries still to send, and when the oldest of them was made (null: none pending). */
  backlog(): Promise<{ pending: number; oldestCreatedAt: string | null }>;
}
