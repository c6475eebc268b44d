import { CouponUsed } from '../customer-events';
import { customerRef, TopicMessage } from '../webhook-message';

export function couponUsedMessages(e: CouponUsed): TopicMessage[] {
  return [
    {
      topic: 'reward/coupon_used',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        rewardId: e.rewardId,
        couponCode: e.couponCode,
        orderId: e.orderId,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
