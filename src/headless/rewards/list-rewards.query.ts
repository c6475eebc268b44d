import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { pagedList } from '../../infrastructure/read-store/paged-list';
import { RewardDoc, REWARDS } from '../../ledger/read-models/reward-read-models';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../programs/domain/order-earning';
import { shownOnLoyaltyPage } from '../../programs/kinds/spending-rules';
import { rewardOf, SpendingRules } from '../../programs/kinds/spending-rule';
import { ShopDirectory } from '../../shops/shop-directory';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { LocalizedText, ShopText } from '../../translations/queries/shop-text';
import { conditionsOf, programTitleOf } from '../programs/headless-program.presenter';
import { limitReached } from '../../ledger/coupons/redeemed-counts';
import { RedeemedCounts } from '../../ledger/coupons/redeemed-counts.query';
import { cheapest } from '../../programs/kinds/redemption';

export type CouponStatus = 'available' | 'unavailable';

export class ListHeadlessRewardsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly redeemed: { couponStatus: CouponStatus; limit: number; before?: string; after?: string },
    readonly locale: LocaleRequest,
  ) {}
}

/** Spec 2.4 AvailableReward. */
function presentAvailable(
  program: ActiveProgram,
  rules: SpendingRules,
  balance: number,
  text: LocalizedText,
  currency: string,
) {
  const s = program.settings;
  const dynamic = rules.redeemType === 'dynamic';
  return {
    programId: program.id,
    key: program.event,
    title: programTitleOf(program, text),
    description: s.description ?? '',
    iconUrl: s.iconUrl ?? '',
    conditions: conditionsOf(rules, program, text, currency),
    pointsCost: rules.pointsCost,
    rewardType: rules.rewardType,
    rewardValue: rules.rewardValue ?? 0,
    redeemType: rules.redeemType,
    minPoints: dynamic ? rules.minPoints : null,
    maxPoints: dynamic ? rules.maxPoints : null,
    hasLimitCartValue: dynamic && rules.hasLimitCartValue,
    limitCartValue: dynamic && rules.hasLimitCartValue ? rules.limitCartValue : null,
    affordable: balance >= cheapest(rules),
    giftSelectionMode: rules.giftSelectionMode,
    giftProducts: rules.giftSelectionMode === 'one' ? rules.giftProducts : [],
    impactProvider: s.impact?.provider ?? null,
  };
}

/** A coupon the customer bought (the shape of `redeemed` items is ours: spec 2.4 leaves it open). */
function presentRedeemed(r: RewardDoc, text: LocalizedText) {
  return {
    id: r.id,
    couponCode: r.couponCode,
    programId: r.programId,
    title: r.programTitle ?? '',
    rewardType: r.rewardType,
    rewardValue: r.rewardValue,
    pointsSpent: r.pointsSpent,
    couponStatus: r.discountStatus,
    statusText: text.t(`reward.status.${r.discountStatus}`),
    expiredAt: r.expiredAt,
    expiryText: r.expiredAt ? text.t('reward.expires_on', { date: new Date(r.expiredAt) }) : text.t('reward.no_expiry'),
    createdAt: r.createdAt,
  };
}

/**
 * GET /customer/rewards: every spending program the customer could redeem now (active, not sold
 * out, their own limit not used up), with `affordable`; and a page of the coupons they hold
 * (`available`: active ones; `unavailable`: used, expired or refunded).
 */
@QueryHandler(ListHeadlessRewardsQuery)
export class ListHeadlessRewardsHandler implements IQueryHandler<ListHeadlessRewardsQuery> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly customers: CustomerLookup,
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
    private readonly redeemedCounts: RedeemedCounts,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ shopId, customerId, redeemed, locale }: ListHeadlessRewardsQuery) {
    const [shop, customer, programs, text, rewards, redeemedByCustomer] = await Promise.all([
      this.shops.byId(shopId),
      this.customers.byId(shopId, customerId),
      this.catalog.forShop(shopId),
      this.text.for(shopId, locale),
      this.readStore.collection<RewardDoc>(REWARDS),
      this.redeemedCounts.ofCustomer(shopId, customerId),
    ]);
    if (!shop) throw because.notFound('Shop');
    const now = this.clock.now().toISOString();
    const spending = programs
      .filter((p) => p.kind === 'spending' && isActive(p, now) && shownOnLoyaltyPage(p))
      .sort((a, b) => b.settings.priority - a.settings.priority || a.createdAt.localeCompare(b.createdAt));
    const available = [];
    for (const program of spending) {
      const rules = rewardOf(program.settings.spending);
      // The projected counts (refunded coupons give their redemption back, as the ledger counts them).
      const shopLimit = rules.totalLimitationRedeem;
      if (shopLimit && limitReached(await this.redeemedCounts.ofShop(shopId, program.id), shopLimit)) continue;
      const ownLimit = rules.limitRedeem;
      if (ownLimit && limitReached(redeemedByCustomer(program.id), ownLimit)) continue;
      available.push(presentAvailable(program, rules, customer.point, text, shop.currency));
    }
    const unavailable = redeemed.couponStatus === 'unavailable';
    const filter: Filter = {
      customerId,
      shopId,
      discountStatus: unavailable ? { $in: ['used', 'expired', 'refunded'] } : 'active',
    };
    const page = await pagedList(
      rewards,
      {
        filter,
        sort: { field: 'sortKey', direction: 'desc' },
        limit: redeemed.limit,
        // Spec 4.2: the cursors page the available coupons only.
        before: unavailable ? undefined : redeemed.before,
        after: unavailable ? undefined : redeemed.after,
      },
      false,
    );
    const pagination = { redeemed: page.pagination };
    return { available, redeemed: page.items.map((r) => presentRedeemed(r, text)), pagination };
  }
}
