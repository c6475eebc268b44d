import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import {
  couponExpiry,
  platformCouponOf,
  ReferralCoupon,
  referralCouponTitle,
} from '../../programs/kinds/referral-rule';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopText } from '../../translations/queries/shop-text';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { CustomerStreamCommands } from '../customer-stream.commands';
import {
  CustomerEnrolled,
  ReferralAttributed,
  ReferralDisqualified,
  ReferralQualified,
  ReferralRefundAfterReward,
  ReferralRefused,
  ReferralRewardEarned,
} from '../customer-events';
import { friendLabelOf } from './domain/friend-identity';
import { ReferralDirectory } from './referral-directory';
import { FriendNote, ReferralCouponGrant, referralCouponDue, welcomeRewardIdOf } from './domain/referrer.decisions';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';
import { COMBINED_WITH_NOTHING, CouponMinting } from '../coupons/mint-then-record';

/**
 * The steps of a referral between the streams involved, each an idempotent decision on one stream
 * (so a step read twice, or by two processes, decides once): the friend's side noted on the
 * referrer's stream once the friend is a customer (a claim before sign-up writes nothing there: the
 * referrer's list reads it from the claim's own stream); a claim attributing a new customer; coupons minted on the commerce platform
 * only once their stream says they are owed, then granted under a reward id the platform mints one
 * code for; the referrer's reward decided when the friend qualifies, cancelled or taken back when the
 * qualifying order goes away.
 */
@Injectable()
export class ReferralSteps {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly directory: ReferralDirectory,
    private readonly shops: ShopDirectory,
    private readonly text: ShopText,
    private readonly tiers: TierLadderReader,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    private readonly coupons: CouponMinting,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private note(shopId: string, referrerId: string, note: FriendNote) {
    return this.commands.run(shopId, referrerId, (meta) => ({ type: 'NoteReferralFriend', meta, note }));
  }

  /** A new customer whose email was claimed before sign-up is attributed by that claim. */
  async customerEnrolled(e: CustomerEnrolled): Promise<void> {
    const claim = await this.directory.claimOf(e.shopId, e.email);
    if (!claim?.state.claim) return;
    const { code, eventId, claimedAt } = claim.state.claim;
    const candidate = await this.directory.candidate(e.shopId, code, e.occurredAt);
    await this.commands.run(e.shopId, e.customerId, (meta) => ({
      type: 'AttributeReferral',
      meta,
      use: { candidate, via: 'claim', claim: { eventId, claimedAt } },
    }));
  }

  /** A friend attributed: noted on the referrer's stream, and their welcome coupon minted and granted. */
  async attributed(e: ReferralAttributed): Promise<void> {
    await this.note(e.shopId, e.referrerId, {
      stage: 'joined',
      friendKey: e.friendKey,
      friendLabel: e.friendLabel,
      friendCustomerId: e.customerId,
      programId: e.terms.programId,
      via: e.via,
      reason: null,
      sourceEventId: e.eventId,
    });
    await this.grantCoupon(
      e.shopId,
      e.customerId,
      e.platformCustomerId,
      e.terms.rule.friendCoupon,
      {
        role: 'referral_welcome',
        programId: e.terms.programId,
        friendKey: e.friendKey,
        dueEventId: e.eventId,
      },
      welcomeRewardIdOf(e.eventId),
    );
  }

  /** A code refused on the friend's stream: the referrer it named sees the friend refused, with the reason. */
  async refused(e: ReferralRefused): Promise<void> {
    if (e.referrerId === null) return;
    await this.note(e.shopId, e.referrerId, {
      stage: 'refused',
      friendKey: e.friendKey,
      friendLabel: e.friendLabel,
      friendCustomerId: e.customerId,
      programId: e.programId,
      via: e.via,
      reason: e.reason,
      sourceEventId: e.eventId,
    });
  }

  /** The friend qualified: the referrer's stream decides the reward (on the terms of the attribution). */
  async qualified(e: ReferralQualified): Promise<void> {
    const friend = await this.commands.state(e.shopId, e.customerId);
    const by = friend.referral.referredBy;
    if (!by || by.attributionEventId !== e.attributionEventId) return;
    const [shop, tiers] = await Promise.all([this.shops.byId(e.shopId), this.tiers.rungs(e.shopId)]);
    await this.commands.run(e.shopId, e.referrerId, (meta) => ({
      type: 'QualifyReferral',
      meta,
      friend: { key: by.friendKey, label: friendLabelOf(friend.email), customerId: e.customerId },
      qualifiedEventId: e.eventId,
      orderId: e.orderId,
      qualifiedAt: e.occurredAt,
      terms: by.terms,
      fingerprints: e.fingerprints ?? [],
      exclusion: shop?.membership ?? null,
      tiers,
    }));
  }

  /** The qualifying order went away: the reward is cancelled, or taken back or kept by the program's policy. */
  async disqualified(e: ReferralDisqualified): Promise<void> {
    const friend = await this.commands.state(e.shopId, e.customerId);
    if (!friend.referral.referredBy) return;
    const friendKey = friend.referral.referredBy.friendKey;
    await this.commands.run(e.shopId, e.referrerId, (meta) => ({
      type: 'CancelReferralReward',
      meta,
      friendKey,
      cause: e.cause,
    }));
  }

  /** A referrer paid with a coupon: minted and granted. */
  async rewardEarned(e: ReferralRewardEarned): Promise<void> {
    if (e.reward.kind !== 'coupon' || !e.rewardId) return;
    await this.grantCoupon(
      e.shopId,
      e.customerId,
      e.platformCustomerId,
      e.reward.coupon,
      {
        role: 'referral_reward',
        programId: e.programId,
        friendKey: e.friendKey,
        dueEventId: e.eventId,
      },
      e.rewardId,
    );
  }

  /** A referrer's coupon taken back: the platform stops accepting its code. */
  async refundAfterReward(e: ReferralRefundAfterReward): Promise<void> {
    if (e.couponCode) await this.platform.disableDiscount(e.shopId, e.couponCode);
  }

  /** The sweep: the referrer's rewards whose waiting days have passed. */
  async payDue(shopId: string, referrerId: string): Promise<number> {
    const [shop, tiers] = await Promise.all([this.shops.byId(shopId), this.tiers.rungs(shopId)]);
    const decision = await this.commands.run(shopId, referrerId, (meta) => ({
      type: 'PayReferralRewards',
      meta,
      exclusion: shop?.membership ?? null,
      tiers,
    }));
    return decision.events.length;
  }

  /**
   * A referral coupon: nothing is minted unless the customer's stream says it is owed and not held;
   * the reward id makes the platform mint one code however often this runs, and the grant is decided
   * again on the stream.
   */
  private async grantCoupon(
    shopId: string,
    customerId: string,
    platformCustomerId: PlatformCustomerId,
    coupon: ReferralCoupon,
    grant: Omit<ReferralCouponGrant, 'reward'>,
    rewardId: string,
  ): Promise<void> {
    if (!referralCouponDue(await this.commands.state(shopId, customerId), grant, rewardId)) return;
    const terms = platformCouponOf(coupon);
    // Titled in the shop's own language and currency, as the program's texts say it.
    const [shop, words] = await Promise.all([this.shops.byId(shopId), this.text.for(shopId)]);
    const title = referralCouponTitle(coupon, words, shop?.currency ?? 'USD');
    const expiresAt = couponExpiry(coupon, this.clock.now().toISOString());
    const request = {
      ...{ shopId, rewardId, ...terms, expiresAt, title, platformCustomerId },
      combinedWith: COMBINED_WITH_NOTHING,
      entitledVariantIds: [],
      codePrefix: coupon.codePrefix ?? 'REF',
    };
    const recorded = { ...terms, redeemType: 'fixed', expiresAt, programDescription: null, title };
    // A grant the stream refuses keeps its code: the reward id is the grant's, a retry records the same code.
    await this.coupons.mintThenRecord(
      shopId,
      [{ request, terms: recorded }],
      ([reward]) =>
        this.commands.run(shopId, customerId, (meta) => ({
          type: 'GrantReferralCoupon',
          meta,
          grant: { ...grant, reward },
        })),
      'keepForRetry',
    );
  }
}
