import { assertNever } from '../shared/domain/decider';
import { CustomerEvent, CustomerEventType as T } from './events/customer-events';
import { TopicMessage } from './webhook-message';
import { birthdayRewardMessages } from './birthday/birthday.webhooks';
import { couponUsedMessages } from './coupons/coupons.webhooks';
import { expiredMessages, expiryWarningMessages } from './expiry/expiry.webhooks';
import { balanceChangeMessages } from './points/points.webhooks';
import { tierChangedMessages, tierRetainedMessages, tierReviewWarningMessages } from './tiers/tiers.webhooks';

/**
 * The webhook messages an event of a customer's stream produces; each policy writes its own. Every
 * event type is listed, so a new one must say what it sends (possibly nothing).
 */
export function customerWebhookMessages(e: CustomerEvent): TopicMessage[] {
  switch (e.type) {
    case T.PointsAwarded: {
      const balance = balanceChangeMessages(e);
      return balance.length > 0 ? [...birthdayRewardMessages(e), ...balance] : [];
    }
    case T.PointsDeducted:
    case T.PointsAdjusted:
    case T.PointsReset:
    case T.PointsRevoked:
    case T.PointsRedeemed:
    case T.CouponRefunded:
      return balanceChangeMessages(e);
    case T.PointsExpired:
      return expiredMessages(e);
    case T.PointsExpiryWarned:
      return expiryWarningMessages(e);
    case T.TierChanged:
      return tierChangedMessages(e);
    case T.TierRetained:
      return tierRetainedMessages(e);
    case T.TierReviewWarned:
      return tierReviewWarningMessages(e);
    case T.CouponUsed:
      return couponUsedMessages(e);
    // No topic (yet) for these.
    case T.Enrolled:
    case T.ProfileUpdated:
    case T.BirthdaySet:
    case T.OrderRecorded:
    case T.OrderCancelled:
    case T.RefundRecorded:
    case T.PointsPending:
    case T.PendingPointsCancelled:
    case T.CouponGranted:
    case T.CouponExpired:
    case T.MembershipChanged:
      return [];
    default:
      return assertNever(e);
  }
}
