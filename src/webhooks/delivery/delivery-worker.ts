import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../../shops/projections/shop-read-models';
import { WebhookDoc, WEBHOOKS } from '../projections/webhook-view.projection';
import { WebhookCommands } from '../commands/webhook-commands';
import {
  Delivery,
  DeliveryStatus,
  WEBHOOK_OUTBOX,
  WebhookOutbox,
} from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { SendResult, WebhookSender } from './webhook-sender';
import { PollingLoop } from '../../shared/polling-loop';

/**
 * Sends due deliveries. 2xx is success; 410 Gone disables the webhook; anything else is retried
 * with exponential backoff and jitter until the attempts run out; a webhook whose attempts keep
 * failing is disabled. Several workers (processes) can share one database: deliveries are leased
 * under row locks, and a lease that expires (a worker died mid-send) makes the delivery due again.
 */
@Injectable()
export class DeliveryWorker {
  private readonly logger = new Logger('WebhookDelivery');
  readonly id = `worker-${randomUUID().slice(0, 8)}`;
  private readonly loop: PollingLoop;

  constructor(
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly sender: WebhookSender,
    private readonly commands: WebhookCommands,
    private readonly config: AppConfig,
  ) {
    this.loop = new PollingLoop({
      what: 'Delivery round',
      logger: this.logger,
      work: () => this.runOnce(),
      idlePauseMs: () => this.config.webhooks.pollMs,
    });
  }

  start(): void {
    this.loop.start();
  }

  stop(): Promise<void> {
    return this.loop.stop();
  }

  nudge(): void {
    this.loop.nudge();
  }

  /** Sends what is due now; returns how many were attempted (tests drive the worker with it). */
  async runOnce(limit = 50): Promise<number> {
    const due = await this.outbox.claimDue(this.id, limit, this.config.webhooks.leaseMs);
    // Claimed deliveries have different ordering keys (the next of a key waits for the one before).
    await Promise.all(due.map((d) => this.attempt(d, this.id)));
    return due.length;
  }

  /** Sends one delivery now, whatever its state (the redeliver endpoint). */
  async redeliver(delivery: Delivery): Promise<{ result: SendResult; status: DeliveryStatus }> {
    return this.attempt(delivery, 'redeliver');
  }

  private async attempt(delivery: Delivery, sentBy: string): Promise<{ result: SendResult; status: DeliveryStatus }> {
    const webhook = await (await this.readStore.collection<WebhookDoc>(WEBHOOKS)).get(delivery.webhookId);
    const attempt = delivery.attempts + 1;
    const at = new Date().toISOString();
    if (!webhook || (!webhook.isEnabled && sentBy !== 'redeliver')) {
      const result = {
        statusCode: null,
        error: webhook ? 'webhook is disabled' : 'webhook was deleted',
        durationMs: 0,
      };
      await this.outbox.recordAttempt({
        attempt: { deliveryId: delivery.id, attempt, at, ...result, sentBy },
        status: 'failed',
        nextAttemptAt: null,
      });
      return { result, status: 'failed' };
    }
    const credentials = await (
      await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS)
    ).findOne({ shopId: delivery.shopId });
    const result = credentials
      ? await this.sender.send({
          url: webhook.url,
          body: delivery.body,
          secret: credentials.secretKey,
          deliveryId: delivery.id,
          topic: delivery.topic,
          shopId: delivery.shopId,
        })
      : { statusCode: null, error: 'shop has no credentials', durationMs: 0 };
    const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
    const gone = result.statusCode === 410;
    let status: DeliveryStatus;
    let nextAttemptAt: string | null = null;
    if (ok) status = 'delivered';
    else if (sentBy === 'redeliver') status = delivery.status === 'delivered' ? 'delivered' : delivery.status;
    else if (gone || attempt >= this.config.webhooks.maxAttempts) status = 'failed';
    else {
      status = 'pending';
      nextAttemptAt = new Date(Date.now() + this.backoff(attempt)).toISOString();
    }
    if (sentBy === 'redeliver' && status === 'pending') nextAttemptAt = delivery.nextAttemptAt ?? at;
    await this.outbox.recordAttempt({
      attempt: { deliveryId: delivery.id, attempt, at, ...result, sentBy },
      status,
      nextAttemptAt,
    });
    if (gone) await this.disable(webhook, 'receiver answered 410 Gone');
    else if (!ok && (await this.outbox.consecutiveFailures(webhook.id)) >= this.config.webhooks.disableAfterFailures) {
      await this.disable(webhook, `${this.config.webhooks.disableAfterFailures} failed attempts in a row`);
    }
    return { result, status };
  }

  /** base x factor^(attempt-1), with +-20% jitter so that retries of many deliveries spread out. */
  backoff(attempt: number): number {
    const { backoffBaseMs, backoffFactor } = this.config.webhooks;
    const delay = backoffBaseMs * backoffFactor ** (attempt - 1);
    return Math.round(delay * (0.8 + Math.random() * 0.4));
  }

  private async disable(webhook: WebhookDoc, reason: string): Promise<void> {
    await this.commands.run(webhook.shopId, (meta) => ({ type: 'Disable', meta, webhookId: webhook.id, reason }));
    const dropped = await this.outbox.failPending(webhook.id, `webhook disabled: ${reason}`);
    this.logger.warn(
      `Webhook ${webhook.id} (${webhook.topic} -> ${webhook.url}) of shop ${webhook.shopId} disabled: ${reason}; ${dropped} pending deliveries dropped`,
    );
  }
}
