import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { CustomerEventType as T, CustomerEvent } from '../../ledger/domain/customer-events';

/** What a ledger event means to webhook receivers: its topic, ordering key and payload fields. */
export interface TopicMessage {
  topic: string;
  orderingKey: string;
  fields: Record<string, unknown>;
}

function customer(e: { customerId: string; platformCustomerId: number; email: string | null }) {
  return { id: e.customerId, platformCustomerId: e.platformCustomerId, email: e.email };
}

/**
 * Maps a stored event to the webhook messages it produces. Balance increases are points/earned,
 * decreases points/redeemed (the `event` and `source` fields say what kind of change it was);
 * tier moves up or down are tier/upgraded and tier/downgraded; retention reviews are tier/reset, and
 * their warnings tier/about_to_reset_*. Other topics have no events yet.
 */
export function messagesFor(recorded: RecordedEvent): TopicMessage[] {
  const e = fromRecorded<CustomerEvent>(recorded);
  switch (e.type) {
    case T.PointsAwarded:
    case T.PointsDeducted:
    case T.PointsAdjusted:
    case T.PointsReset:
    case T.PointsRevoked:
    case T.PointsExpired:
    case T.PointsRedeemed:
    case T.CouponRefunded: {
      const delta = e.newPoint - e.oldPoint;
      if (delta === 0) return [];
      const birthday: TopicMessage[] =
        e.type === T.PointsAwarded && e.event === 'birthday'
          ? [
              {
                topic: 'birthday/reward_earned',
                orderingKey: e.customerId,
                fields: {
                  customer: customer(e),
                  points: e.points,
                  newPoint: e.newPoint,
                  year: e.period ?? null,
                  programId: e.program?.programId ?? null,
                  occurredAt: e.occurredAt,
                },
              },
            ]
          : [];
      return [
        ...birthday,
        {
          topic: e.type === T.PointsExpired ? 'points/expired' : delta > 0 ? 'points/earned' : 'points/redeemed',
          orderingKey: e.customerId,
          fields: {
            customer: customer(e),
            oldPoint: e.oldPoint,
            newPoint: e.newPoint,
            points: delta,
            transactionId: e.transactionId,
            event: e.event,
            source: e.source,
            reason: e.reason,
            userNote: e.userNote,
            programId: e.program?.programId ?? null,
            orderId: e.order?.orderId ?? null,
            occurredAt: e.occurredAt,
          },
        },
      ];
    }
    case T.TierChanged: {
      if (e.direction === 'same') return [];
      const fields = {
        customer: customer(e),
        oldTierName: e.fromTierName,
        newTierName: e.toTierName,
        oldTierId: e.fromTierId,
        newTierId: e.toTierId,
        tierPoint: e.tierPoint,
        trigger: e.trigger,
        occurredAt: e.occurredAt,
      };
      const moved: TopicMessage = {
        topic: e.direction === 'up' ? 'tier/upgraded' : 'tier/downgraded',
        orderingKey: e.customerId,
        fields,
      };
      // A retention review that lowers the tier is also a tier reset.
      if (e.trigger !== 'assessment') return [moved];
      return [moved, { topic: 'tier/reset', orderingKey: e.customerId, fields: { ...fields, kept: false } }];
    }
    case T.TierRetained:
      return [
        {
          topic: 'tier/reset',
          orderingKey: e.customerId,
          fields: {
            customer: customer(e),
            oldTierName: e.tierName,
            newTierName: e.tierName,
            oldTierId: e.tierId,
            newTierId: e.tierId,
            tierPoint: e.windowPoints,
            trigger: 'assessment',
            kept: true,
            occurredAt: e.occurredAt,
          },
        },
      ];
    case T.TierReviewWarned: {
      const topic = (
        {
          28: 'tier/about_to_reset_4_weeks',
          14: 'tier/about_to_reset_2_weeks',
          1: 'tier/about_to_reset_1_day',
        } as Record<number, string>
      )[e.daysLeft];
      if (!topic) return [];
      return [
        {
          topic,
          orderingKey: e.customerId,
          fields: {
            customer: customer(e),
            tierName: e.tierName,
            tierId: e.tierId,
            reviewAt: e.reviewAt,
            windowPoints: e.windowPoints,
            pointsToKeep: e.pointsToKeep,
            occurredAt: e.occurredAt,
          },
        },
      ];
    }
    case T.PointsExpiryWarned:
      if (![3, 7, 30].includes(e.daysLeft)) return [];
      return [
        {
          topic: `points/about_to_expire_${e.daysLeft}_days`,
          orderingKey: e.customerId,
          fields: {
            customer: customer(e),
            points: e.points,
            daysLeft: e.daysLeft,
            expiresAt: e.expiresAt,
            occurredAt: e.occurredAt,
          },
        },
      ];
    case T.CouponUsed:
      return [
        {
          topic: 'reward/coupon_used',
          orderingKey: e.customerId,
          fields: {
            customer: customer(e),
            rewardId: e.rewardId,
            couponCode: e.couponCode,
            orderId: e.orderId,
            occurredAt: e.occurredAt,
          },
        },
      ];
    default:
      return [];
  }
}
