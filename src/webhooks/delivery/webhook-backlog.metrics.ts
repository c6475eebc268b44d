import { Inject, Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { Metrics } from '../../metrics/metrics';
import { WEBHOOK_OUTBOX, WebhookOutbox } from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { CLOCK, Clock } from '../../shared/domain/clock';

/**
 * The webhook backlog on /metrics, read from the outbox when scraped (every process sees the same
 * outbox): how many deliveries wait, and how long the oldest has waited. A backlog that only grows,
 * or an age past the retry schedule, is the alert.
 */
@Injectable()
export class WebhookBacklogMetrics {
  constructor(
    metrics: Metrics,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    // One outbox query per scrape answers both gauges.
    let reading: Promise<{ pending: number; oldestCreatedAt: string | null }> | null = null;
    const backlog = () => (reading ??= this.outbox.backlog().finally(() => setImmediate(() => (reading = null))));
    new Gauge({
      name: 'loyalty_webhook_backlog_deliveries',
      help: 'Webhook deliveries waiting to be sent (pending, including those waiting for a retry)',
      registers: [metrics.registry],
      async collect() {
        this.set((await backlog()).pending);
      },
    });
    const now = () => this.clock.now().getTime();
    new Gauge({
      name: 'loyalty_webhook_backlog_oldest_seconds',
      help: 'Age of the oldest pending webhook delivery (0 when none is pending)',
      registers: [metrics.registry],
      async collect() {
        const { oldestCreatedAt } = await backlog();
        this.set(oldestCreatedAt ? Math.max(0, (now() - Date.parse(oldestCreatedAt)) / 1000) : 0);
      },
    });
  }
}
