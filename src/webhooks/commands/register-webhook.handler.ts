import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { WebhookCommands } from './webhook-commands';

/** Subscribes `url` (already checked against the URL policy) to `topic`. */
export class RegisterWebhookCommand {
  constructor(
    readonly shopId: string,
    readonly topic: string,
    readonly url: string,
  ) {}
}

@CommandHandler(RegisterWebhookCommand)
export class RegisterWebhookHandler implements ICommandHandler<RegisterWebhookCommand, { webhookId: string }> {
  constructor(private readonly webhooks: WebhookCommands) {}

  async execute({ shopId, topic, url }: RegisterWebhookCommand) {
    const webhookId = this.webhooks.newId();
    await this.webhooks.run(shopId, (meta) => ({ type: 'Register', meta, webhookId, topic, url }));
    return { webhookId };
  }
}
