import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import {
  AccountingPolicy,
  EarningLimitPolicy,
  MembershipPolicy,
  FeedConnectionPolicy,
  NO_FEED_PAGE,
  NO_CHAT_CHANNEL,
  ChatConnectionPolicy,
  NO_MEMBERSHIP_RULES,
  NO_POINT_VALUE,
  PointsExpiryPolicy,
  STOREFRONT_DEFAULTS,
  StorefrontPolicy,
  TierRetentionPolicy,
} from '../domain/shop-events';
import { ShopDirectory } from '../shop-directory';

/** The shop's policies as the settings API shows them: a policy never set is its default. */
export interface ShopSettings {
  pointsExpiry: PointsExpiryPolicy;
  earningLimit: EarningLimitPolicy;
  tierRetention: TierRetentionPolicy;
  membership: MembershipPolicy;
  storefront: StorefrontPolicy;
  accounting: AccountingPolicy;
  feed: FeedConnectionPolicy;
  chat: ChatConnectionPolicy;
}

const NO_LIMIT: EarningLimitPolicy = { enabled: false, maxPoints: 0, period: 'month', tiers: [] };

const OFF: PointsExpiryPolicy = { mode: 'off', inactivityDays: null, fixedDate: null };

const NO_DOWNGRADE: TierRetentionPolicy = { downgrade: false, assessmentMonths: 12, windowMonths: 12 };

/** Read from the shops read model, not the request's cached shop, so a change shows at once. */
export class GetShopSettingsQuery extends Query<ShopSettings> {
  constructor(readonly shopId: string) {
    super();
  }
}

@QueryHandler(GetShopSettingsQuery)
export class GetShopSettingsHandler implements IQueryHandler<GetShopSettingsQuery, ShopSettings> {
  constructor(private readonly shops: ShopDirectory) {}

  async execute({ shopId }: GetShopSettingsQuery): Promise<ShopSettings> {
    const shop = await this.shops.byId(shopId);
    return {
      pointsExpiry: shop?.pointsExpiry ?? OFF,
      earningLimit: shop?.earningLimit ?? NO_LIMIT,
      tierRetention: shop?.tierRetention ?? NO_DOWNGRADE,
      membership: shop?.membership ?? NO_MEMBERSHIP_RULES,
      // Older documents have fewer storefront fields: each missing one is its default.
      storefront: { ...STOREFRONT_DEFAULTS, ...shop?.storefront },
      accounting: shop?.accounting ?? NO_POINT_VALUE,
      feed: shop?.feed ?? NO_FEED_PAGE,
      chat: shop?.chat ?? NO_CHAT_CHANNEL,
    };
  }
}
