import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_OUTBOX, WebhookOutbox } from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { DeliveryWorker } from './delivery-worker';

/**
 * Sends every failed delivery of a webhook again: they become pending, in order, with a fresh
 * attempt budget, and the worker is woken to send them.
 */
export class RedeliverFailedDeliveriesCommand {
  constructor(readonly webhookId: string) {}
}

@CommandHandler(RedeliverFailedDeliveriesCommand)
export class RedeliverFailedDeliveriesHandler implements ICommandHandler<
  RedeliverFailedDeliveriesCommand,
  { requeued: number }
> {
  constructor(
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    private readonly worker: DeliveryWorker,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ webhookId }: RedeliverFailedDeliveriesCommand) {
    const requeued = await this.outbox.requeueFailed(webhookId, this.clock.now());
    if (requeued > 0) this.worker.nudge();
    return { requeued };
  }
}
