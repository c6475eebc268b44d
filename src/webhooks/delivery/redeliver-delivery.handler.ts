import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Delivery, WEBHOOK_OUTBOX, WebhookOutbox } from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { because } from '../../shared/domain/domain-error';
import { DeliveryWorker } from './delivery-worker';
import { SendResult } from './webhook-sender';

/** Sends one delivery of the webhook again now, whatever its state; 404 when it is not that webhook's. */
export class RedeliverDeliveryCommand {
  constructor(
    readonly webhookId: string,
    readonly deliveryId: string,
  ) {}
}

@CommandHandler(RedeliverDeliveryCommand)
export class RedeliverDeliveryHandler implements ICommandHandler<
  RedeliverDeliveryCommand,
  { delivery: Delivery; lastAttempt: SendResult }
> {
  constructor(
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
    private readonly worker: DeliveryWorker,
  ) {}

  async execute({ webhookId, deliveryId }: RedeliverDeliveryCommand) {
    const delivery = await this.outbox.get(deliveryId);
    if (!delivery || delivery.webhookId !== webhookId) throw because.notFound('Delivery');
    const { result } = await this.worker.redeliver(delivery);
    // Read again: the attempt changed its status, attempts and next attempt time.
    return { delivery: (await this.outbox.get(deliveryId))!, lastAttempt: result };
  }
}
