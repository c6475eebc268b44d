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

export interface AttemptOutcome {
  attempt: DeliveryAttempt;
  status: DeliveryStatus;
  nextAttemptAt: string | null;
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
    checkpoint: GlobalPosition;
  }): Promise<void>;
  /**
   * Leases up to `limit` due deliveries to one worker (row locks: two workers never take the same
   * one). A delivery is due only when no earlier delivery with its webhook and ordering key is
   * still pending, so one customer's deliveries keep their order.
   */
  claimDue(worker: string, limit: number, leaseMs: number): Promise<Delivery[]>;
  recordAttempt(outcome: AttemptOutcome): Promise<void>;
  get(deliveryId: string): Promise<Delivery | null>;
  list(
    webhookId: string,
    options: { limit: number; before?: number },
  ): Promise<Array<Delivery & { attemptsLog: DeliveryAttempt[] }>>;
  /** Consecutive failed attempts of a webhook's most recent deliveries (stops at the last success). */
  consecutiveFailures(webhookId: string): Promise<number>;
  /** Gives up on a webhook's pending deliveries (the webhook was disabled or deleted). */
  failPending(webhookId: string, reason: string): Promise<number>;
}
