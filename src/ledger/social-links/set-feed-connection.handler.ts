import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ShopCredentialChanges } from '../../shops/commands/shop-credential-changes';

/**
 * Connects the shop's messaging page (`pageId`; null: none) and, when given, the secret of the shop's
 * app on that network, which signs the page's link notifications. The page is a setting (the shop's
 * stream, `shop.feed-connection-set.v1`); the secret a credential (kept outside the log).
 */
export class SetFeedConnectionCommand {
  constructor(
    readonly shopId: string,
    readonly pageId: string | null,
    /** Absent: the secret stays as it is. */
    readonly appSecret: string | undefined,
  ) {}
}

export interface FeedConnectionView {
  pageId: string | null;
  /** Whether notifications can be verified (never the secret itself). */
  appSecretSet: boolean;
}

@CommandHandler(SetFeedConnectionCommand)
export class SetFeedConnectionHandler implements ICommandHandler<SetFeedConnectionCommand, FeedConnectionView> {
  constructor(private readonly credentials: ShopCredentialChanges) {}

  async execute({ shopId, pageId, appSecret }: SetFeedConnectionCommand): Promise<FeedConnectionView> {
    const previous = await this.credentials.change(
      shopId,
      (meta) => ({ type: 'SetFeedConnection', meta, policy: { pageId }, appSecretChanged: appSecret !== undefined }),
      (current) => (appSecret === undefined ? current : { ...current, feedAppSecret: appSecret }),
    );
    return { pageId, appSecretSet: appSecret !== undefined || previous.feedAppSecret !== undefined };
  }
}
