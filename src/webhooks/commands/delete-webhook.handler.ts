import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WEBHOOK_OUTBOX, WebhookOutbox } from '../../infrastructure/webhook-outbox/webhook-outbox.port';
import { WebhookCommands } from './webhook-commands';

/** Deletes a webhook; its pending deliveries are failed, not sent. */
export class DeleteWebhookCommand {
  constructor(
    readonly shopId: string,
    readonly webhookId: string,
  ) {}
}

@CommandHandler(DeleteWebhookCommand)
export class DeleteWebhookHandler implements ICommandHandler<DeleteWebhookCommand, void> {
  constructor(
    private readonly webhooks: WebhookCommands,
    @Inject(WEBHOOK_OUTBOX) private readonly outbox: WebhookOutbox,
  ) {}

  async execute({ shopId, webhookId }: DeleteWebhookCommand) {
    await this.webhooks.run(shopId, (meta) => ({ type: 'Delete', meta, webhookId }));
    await this.outbox.failPending(webhookId, 'webhook deleted');
  }
}
