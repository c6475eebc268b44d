import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WebhookCommands } from './webhook-commands';

/** Changes a webhook's url (already checked against the URL policy) and/or enables or disables it. */
export class UpdateWebhookCommand {
  constructor(
    readonly shopId: string,
    readonly webhookId: string,
    readonly changes: { url?: string; isEnabled?: boolean },
  ) {}
}

@CommandHandler(UpdateWebhookCommand)
export class UpdateWebhookHandler implements ICommandHandler<UpdateWebhookCommand, void> {
  constructor(private readonly webhooks: WebhookCommands) {}

  async execute({ shopId, webhookId, changes }: UpdateWebhookCommand) {
    await this.webhooks.run(shopId, (meta) => ({ type: 'Update', meta, webhookId, ...changes }));
  }
}
