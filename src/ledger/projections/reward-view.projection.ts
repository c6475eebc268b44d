import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import {
  CouponExpired,
  CouponGranted,
  CouponRefunded,
  CouponUsed,
  CustomerEventType as T,
  MilestoneGiftChosen,
  milestoneCoupons,
  MilestoneStepClaimed,
  PersonalDataErased,
  PointsRedeemed,
  RewardCoupon,
  ReferralRefundAfterReward,
} from '../customer-events';
import { RewardDoc, REWARDS } from '../read-models/reward-read-models';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** A new coupon's document: bought with points, or granted (tier rewards). */
function newReward(
  e: {
    shopId: string;
    customerId: string;
    platformCustomerId: PlatformCustomerId;
    email: string | null;
    occurredAt: string;
    reward: RewardCoupon;
  },
  recorded: RecordedEvent,
  origin: Pick<RewardDoc, 'programId' | 'programTitle' | 'pointsSpent' | 'orderReqAmount'>,
): RewardDoc {
  return {
    id: e.reward.rewardId,
    shopId: e.shopId,
    customerId: e.customerId,
    platformCustomerId: e.platformCustomerId,
    email: e.email,
    couponCode: e.reward.couponCode,
    // Listed, not spread: on V8 a spread followed by new keys builds a hidden class per document.
    programId: origin.programId,
    programTitle: origin.programTitle,
    pointsSpent: origin.pointsSpent,
    orderReqAmount: origin.orderReqAmount,
    programDescription: e.reward.programDescription,
    rewardType: e.reward.rewardType,
    rewardValue: e.reward.rewardValue,
    expiredAt: e.reward.expiresAt,
    discountStatus: 'active',
    sortKey: `${e.occurredAt}|${recorded.revision.toString().padStart(12, '0')}`,
    createdAt: e.occurredAt,
    updatedAt: e.occurredAt,
  };
}

@Injectable()
export class RewardViewProjection implements Projection {
  readonly name = REWARDS.name;
  readonly collections = [REWARDS];

  readonly handles = handlesEventTypes([
    T.PointsRedeemed,
    T.CouponRefunded,
    T.CouponUsed,
    T.CouponGranted,
    T.CouponExpired,
    T.PersonalDataErased,
    T.MilestoneStepClaimed,
    T.MilestoneGiftChosen,
    T.ReferralRefundAfterReward,
  ]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const rewards = batch.collection<RewardDoc>(REWARDS);
    for (const recorded of events) {
      if (recorded.type === T.PersonalDataErased) {
        const { shopId, customerId } = fromRecorded<PersonalDataErased>(recorded);
        for (const reward of await rewards.findEqual({ customerId }))
          if (reward.shopId === shopId) rewards.put({ ...reward, email: null });
        continue;
      }
      if (recorded.type === T.MilestoneStepClaimed || recorded.type === T.MilestoneGiftChosen) {
        const m = fromRecorded<MilestoneStepClaimed | MilestoneGiftChosen>(recorded);
        const origin = {
          programId: m.step.programId,
          programTitle: m.step.programTitle,
          pointsSpent: 0,
          orderReqAmount: null,
        };
        // The codes of a milestone step's discounts and gifts: granted, no points spent.
        for (const reward of milestoneCoupons(m)) rewards.put(newReward({ ...m, reward }, recorded, origin));
        continue;
      }
      const e = fromRecorded<
        PointsRedeemed | CouponRefunded | CouponUsed | CouponGranted | CouponExpired | ReferralRefundAfterReward
      >(recorded);
      if (e.type === T.ReferralRefundAfterReward) {
        // A referrer's coupon taken back when the friend's order was refunded (policy reverse).
        const doc = e.rewardId ? await rewards.get(e.rewardId) : null;
        if (doc) rewards.put({ ...doc, discountStatus: 'refunded', updatedAt: e.occurredAt });
      } else if (e.type === T.CouponGranted) {
        rewards.put(
          newReward(e, recorded, {
            programId: e.tierRewardId ?? e.referral?.programId ?? null,
            // A referral coupon belongs to its program; a tier reward is titled by the reward.
            programTitle: e.referral?.programTitle ?? e.reward.title,
            pointsSpent: 0,
            orderReqAmount: e.reward.orderReqAmount,
          }),
        );
      } else if (e.type === T.PointsRedeemed) {
        // An impact contribution is no coupon: the impact history (impact_events_v1) shows it.
        if (e.reward.rewardType === 'impact') continue;
        rewards.put(
          newReward(e, recorded, {
            programId: e.program?.programId ?? null,
            programTitle: e.program?.programTitle ?? null,
            pointsSpent: e.points,
            orderReqAmount: e.reward.orderReqAmount,
          }),
        );
      } else {
        const doc = await rewards.get(e.rewardId);
        const status = e.type === T.CouponUsed ? 'used' : e.type === T.CouponExpired ? 'expired' : 'refunded';
        if (doc) rewards.put({ ...doc, discountStatus: status, updatedAt: e.occurredAt });
      }
    }
  }
}
