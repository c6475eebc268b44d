import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because, DomainError } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { customerIdFor, parsePlatformCustomerId } from '../customer-identity';
import { customerOfRef, FeedOptin, feedOptins, feedUserRef, verifyFeedSignature } from './feed-notification';
import { HeadlessSigningKeys } from '../../storefront-api/auth/headless-signing-keys';

/** A link notification of the messaging network for one shop, as received (raw bytes, signature header, parsed body). */
export class ReceiveFeedNotificationCommand {
  constructor(
    readonly shopId: string,
    readonly rawBody: Buffer,
    readonly signature: string | undefined,
    readonly body: unknown,
  ) {}
}

export interface FeedNotificationResult {
  /** Links recorded (or already recorded as they are). */
  linked: number;
  /** Links left out: a ref that is not the shop's, a customer who is not a member of the shop. */
  ignored: number;
}

/** Refusals of one link that leave the others of the notification alone. */
const IGNORED = new Set(['NOT_FOUND', 'NOT_ELIGIBLE']);

/**
 * Verifies the notification with the shop's app secret (401 when it is not signed with it, or the
 * shop has none: nothing changes), then records each link it names on its customer's stream, the
 * network's user id kept only as its keyed hash (feed-notification.ts). Never logs a user id.
 */
@CommandHandler(ReceiveFeedNotificationCommand)
export class ReceiveFeedNotificationHandler implements ICommandHandler<
  ReceiveFeedNotificationCommand,
  FeedNotificationResult
> {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly keys: HeadlessSigningKeys,
    private readonly commands: CustomerStreamCommands,
  ) {}

  async execute({ shopId, rawBody, signature, body }: ReceiveFeedNotificationCommand): Promise<FeedNotificationResult> {
    const appSecret = (await this.shops.byId(shopId)) ? await this.shops.feedAppSecret(shopId) : null;
    if (!appSecret) throw because.unauthorized('No messaging app secret is set for this shop');
    verifyFeedSignature(rawBody, signature, appSecret);
    const headlessSecret = await this.keys.headlessSecret(shopId);
    const result: FeedNotificationResult = { linked: 0, ignored: 0 };
    for (const optin of feedOptins(body)) {
      const customerId = headlessSecret ? this.customerOf(shopId, headlessSecret, optin) : null;
      const linked = customerId !== null && (await this.link(shopId, customerId, appSecret, optin));
      result[linked ? 'linked' : 'ignored']++;
    }
    return result;
  }

  private customerOf(shopId: string, headlessSecret: string, optin: FeedOptin): string | null {
    const platformCustomerId = customerOfRef(headlessSecret, optin.customerRef);
    const id = platformCustomerId === null ? null : parsePlatformCustomerId(platformCustomerId);
    return id === null ? null : customerIdFor(shopId, id);
  }

  private async link(shopId: string, customerId: string, appSecret: string, optin: FeedOptin): Promise<boolean> {
    try {
      await this.commands.run(shopId, customerId, (meta) => ({
        type: 'LinkFeed',
        meta,
        pageId: optin.pageId,
        userRef: feedUserRef(appSecret, optin.rawUserId),
        feedName: optin.feedName,
      }));
      return true;
    } catch (error) {
      if (error instanceof DomainError && IGNORED.has(error.code)) return false;
      throw error;
    }
  }
}
