import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShopCredentialChanges } from '../../../shops/commands/shop-credential-changes';
import { AppConfig } from '../../../config/app-config';
import { because } from '../../../shared/domain/domain-error';

/**
 * Connects the shop's chat channel (`channelId`; null: none) and, when given, its channel secret: the
 * chat login's client secret, which also signs the channel's follow notifications. The channel is a
 * setting (the shop's stream, `shop.chat-connection-set.v1`); the secret a credential (kept outside the log).
 * Refused (400 CHAT_NOT_CONNECTED) while the service has no CHAT_CALLBACK_URL (production without one).
 */
export class SetChatConnectionCommand {
  constructor(
    readonly shopId: string,
    readonly channelId: string | null,
    /** Absent: the secret stays as it is. */
    readonly channelSecret: string | undefined,
  ) {}
}

export interface ChatConnectionView {
  channelId: string | null;
  /** Whether the login and the notifications can work (never the secret itself). */
  channelSecretSet: boolean;
}

@CommandHandler(SetChatConnectionCommand)
export class SetChatConnectionHandler implements ICommandHandler<SetChatConnectionCommand, ChatConnectionView> {
  constructor(
    private readonly credentials: ShopCredentialChanges,
    private readonly config: AppConfig,
  ) {}

  async execute({ shopId, channelId, channelSecret }: SetChatConnectionCommand): Promise<ChatConnectionView> {
    // A channel connected while the service has no callback would only fail its shoppers' logins.
    if (channelId !== null && this.config.chat.callbackUrl === null) throw because.chatCallbackUnset();
    const previous = await this.credentials.change(
      shopId,
      (meta) => ({
        type: 'SetChatConnection',
        meta,
        policy: { channelId },
        channelSecretChanged: channelSecret !== undefined,
      }),
      (current) => (channelSecret === undefined ? current : { ...current, chatChannelSecret: channelSecret }),
    );
    return { channelId, channelSecretSet: channelSecret !== undefined || previous.chatChannelSecret !== undefined };
  }
}
