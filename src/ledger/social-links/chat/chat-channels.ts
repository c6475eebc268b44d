import { Injectable } from '@nestjs/common';
import { because } from '../../../shared/domain/domain-error';
import { ShopDirectory } from '../../../shops/shop-directory';
import { ChatChannel } from '../../../infrastructure/chat-network/chat-network.port';
import { AppConfig } from '../../../config/app-config';

/** The shop's connected chat channel: its id (v2 settings `chat`) and its secret (a credential). */
@Injectable()
export class ChatChannels {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly config: AppConfig,
  ) {}

  /** The channel, or null when the shop has not connected one (no id, or no secret). */
  async of(shopId: string): Promise<ChatChannel | null> {
    const channelId = (await this.shops.byId(shopId))?.chat?.channelId ?? null;
    const channelSecret = channelId ? await this.shops.chatChannelSecret(shopId) : null;
    return channelId && channelSecret ? { channelId, channelSecret } : null;
  }

  /** The channel; 400 CHAT_NOT_CONNECTED when the shop has not connected one, or the service has no callback. */
  async connected(shopId: string): Promise<ChatChannel> {
    if (this.config.chat.callbackUrl === null) throw because.chatCallbackUnset();
    const channel = await this.of(shopId);
    if (!channel) throw because.chatNotConnected();
    return channel;
  }
}
