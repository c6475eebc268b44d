import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { ShopDirectory } from '../../../shops/shop-directory';
import { CustomerStreamCommands } from '../../customer-stream.commands';
import { ChatUserRefs } from './chat-user-refs';
import { chatFollows, verifyChatSignature } from './chat-notification';
import { CHAT_USERS, ChatUserDoc, chatUserDocId } from './read/chat-users.projection';

/** A webhook delivery of the chat network for one shop's channel, as received (raw bytes, signature, parsed body). */
export class ReceiveChatNotificationCommand {
  constructor(
    readonly shopId: string,
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
    readonly body: unknown,
  ) {}
}

export interface ChatNotificationResult {
  /** Follow changes of linked users (recorded, or already as they say). */
  applied: number;
  /** Follow changes of users linked to no customer of the shop. */
  ignored: number;
}

/**
 * Verifies the delivery with the shop's channel secret (401 when it is not signed with it, or the
 * shop has none: nothing changes), then sets chatFollowedOA of each follow or unfollow's linked
 * customer, found by the user's keyed hash. Never logs a user id.
 */
@CommandHandler(ReceiveChatNotificationCommand)
export class ReceiveChatNotificationHandler implements ICommandHandler<
  ReceiveChatNotificationCommand,
  ChatNotificationResult
> {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly refs: ChatUserRefs,
    private readonly commands: CustomerStreamCommands,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  async execute({ shopId, rawBody, signature, body }: ReceiveChatNotificationCommand): Promise<ChatNotificationResult> {
    const secret = (await this.shops.byId(shopId)) ? await this.shops.chatChannelSecret(shopId) : null;
    if (!secret) throw because.unauthorized('No chat channel secret is set for this shop');
    verifyChatSignature(rawBody, signature, secret);
    const users = await this.readStore.collection<ChatUserDoc>(CHAT_USERS);
    const result: ChatNotificationResult = { applied: 0, ignored: 0 };
    for (const { rawUserId, following, notifiedAt } of chatFollows(body)) {
      const userRef = this.refs.ref(shopId, rawUserId);
      const linked = await users.get(chatUserDocId(shopId, userRef));
      if (!linked) {
        result.ignored++;
        continue;
      }
      await this.commands.run(shopId, linked.customerId, (meta) => ({
        type: 'SetChatFollow',
        meta,
        userRef,
        following,
        notifiedAt,
      }));
      result.applied++;
    }
    return result;
  }
}
