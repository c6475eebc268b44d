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
import { PolledWorker, PollingLoopOptions } from '../../shared/polling-loop';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { AttemptDecision, decideAttempt, OutagePolicy } from '../domain/webhook-health';

/**
 * Sends due deliveries. 2xx is success; anything else is a failed attempt, and the outage policy
 * (`domain/webhook-health.ts`) decides what follows: a retry with backoff, a paused webhook probed
 * with one delivery at a time, a disabled webhook after days of failure (410 Gone: at once). No
 * delivery is failed because its webhook is down. Several workers (processes) can share one
 * database: deliveries are leased under row locks, and a lease that expires (a worker died
 * mid-send) makes the delivery due again.
 */
@Injectable()
export class DeliveryWorker extends PolledWorker {
  private readonly logger = new Logger('WebhookDelivery');
  readonly id = `worker-${randomUUID().slice(0, 8)}`;

  constructor(
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly sender: WebhookSender,
    private readonly commands: WebhookCommands,
    private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super();
  }

  protected polling(): PollingLoopOptions {
    return {
      what: 'Delivery round',
      logger: this.logger,
      work: () => this.runOnce(),
      idlePauseMs: () => this.config.webhooks.pollMs,
    };
  }

  /**
   * Sends what is due now; returns how many were attempted (tests drive the worker with it). A claimed
   * delivery whose webhook this process already sees disabled is not attempted, so not counted.
   */
  async runOnce(limit = 50): Promise<number> {
    const due = await this.outbox.claimDue(this.id, limit, this.config.webhooks.leaseMs, this.clock.now());
    // Claimed deliveries have different ordering keys (the next of a key waits for the one before).
    const outcomes = await Promise.all(due.map((d) => this.attempt(d, this.id)));
    return outcomes.filter((o) => o.attempted).length;
  }

  /** Sends one delivery now, whatever its state (the redeliver endpoint). */
  async redeliver(delivery: Delivery): Promise<{ result: SendResult; status: DeliveryStatus }> {
    return this.attempt(delivery, 'redeliver');
  }

  get policy(): OutagePolicy {
    const w = this.config.webhooks;
    return {
      maxAttempts: w.maxAttempts,
      pauseAfterFailures: w.pauseAfterFailures,
      disableAfterMs: w.disableAfterMs,
      backoffBaseMs: w.backoffBaseMs,
      backoffFactor: w.backoffFactor,
      probeBaseMs: w.probeBaseMs,
      probeMaxMs: w.probeMaxMs,
    };
  }

  private async attempt(
    delivery: Delivery,
    sentBy: string,
  ): Promise<{ result: SendResult; status: DeliveryStatus; attempted: boolean }> {
    const manual = sentBy === 'redeliver';
    const webhook = await (await this.readStore.collection<WebhookDoc>(WEBHOOKS)).get(delivery.webhookId);
    const attempt = { deliveryId: delivery.id, attempt: delivery.attempts + 1, sentBy };
    if (!webhook || (!webhook.isEnabled && !manual)) {
      // The claim only takes enabled webhooks; this view lags behind it (just registered) or is
      // ahead of it (just disabled). No attempt: the delivery stays pending (a deleted webhook's
      // are failed by the projector) and its lease runs out on its own.
      const error = webhook ? 'webhook is disabled' : 'webhook not found';
      return { result: { statusCode: null, error, durationMs: 0 }, status: delivery.status, attempted: false };
    }
    const credentials = await (
      await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS)
    ).findOne({ shopId: delivery.shopId });
    const startedAt = this.clock.now().toISOString();
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
    const now = this.clock.now().toISOString();
    const jitter = 0.8 + Math.random() * 0.4;
    const decision = await this.outbox.recordAttempt<AttemptDecision & { resumePending: boolean }>({
      attempt: { ...attempt, at: now, ...result },
      webhookId: webhook.id,
      decide: (health) => {
        const decided = decideAttempt(
          health,
          {
            result: ok ? 'delivered' : result.statusCode === 410 ? 'gone' : 'failed',
            manual,
            attemptsUsed: delivery.attempts + 1 - delivery.attemptsAtRequeue,
            status: delivery.status,
            nextAttemptAt: delivery.nextAttemptAt,
            startedAt,
            now,
            jitter,
          },
          this.policy,
        );
        return { ...decided, resumePending: decided.webhook.type === 'resumed' };
      },
    });
    const change = decision.webhook;
    const name = `Webhook ${webhook.id} (${webhook.topic} -> ${webhook.url}) of shop ${webhook.shopId}`;
    if (change.type === 'paused') {
      this.logger.warn(`${name} paused: ${decision.health.consecutiveFailures} failed attempts in a row; retrying`);
    } else if (change.type === 'resumed') {
      this.logger.log(`${name} resumed: the receiver answered again; its pending deliveries are due`);
      this.nudge();
    } else if (change.type === 'disable') {
      await this.commands.run(webhook.shopId, (meta) => ({
        type: 'Disable',
        meta,
        webhookId: webhook.id,
        reason: change.reason,
      }));
      this.logger.warn(`${name} disabled: ${change.reason}; its pending deliveries wait for it to be enabled again`);
    }
    return { result, status: decision.status, attempted: true };
  }
}
