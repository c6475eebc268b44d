import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../../config/app-config';
import { CustomerStreamCommands } from '../../customer-stream.commands';
import { CHAT_NETWORK, ChatNetwork } from '../../../infrastructure/chat-network/chat-network.port';
import { ChatChannels } from './chat-channels';
import { loginStateHash, newLoginState } from './chat-login-state';

/** The token's customer starts the chat login (POST /customer/social/chat/auth-url). */
export class StartChatLoginCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
  ) {}
}

export interface ChatAuthUrl {
  /** The network's authorization page, with this login's single-use `state` (open it in a popup). */
  authUrl: string;
}

/**
 * Makes a new single-use `state` for the customer, records its hash and expiry on the customer's
 * stream (replacing any earlier login), and answers the authorization URL that carries it. 400
 * CHAT_NOT_CONNECTED when the shop has no channel: nothing recorded.
 */
@CommandHandler(StartChatLoginCommand)
export class StartChatLoginHandler implements ICommandHandler<StartChatLoginCommand, ChatAuthUrl> {
  constructor(
    private readonly channels: ChatChannels,
    private readonly commands: CustomerStreamCommands,
    private readonly config: AppConfig,
    @Inject(CHAT_NETWORK) private readonly network: ChatNetwork,
  ) {}

  async execute({ shopId, customerId }: StartChatLoginCommand): Promise<ChatAuthUrl> {
    const channel = await this.channels.connected(shopId);
    const state = newLoginState({ shopId, customerId });
    const ttlMs = this.config.chat.stateTtlSeconds * 1000;
    await this.commands.run(shopId, customerId, (meta) => ({
      type: 'StartChatLogin',
      meta,
      stateHash: loginStateHash(state),
      expiresAt: new Date(Date.parse(meta.occurredAt) + ttlMs).toISOString(),
    }));
    return { authUrl: this.network.authorizeUrl(channel.channelId, state) };
  }
}
