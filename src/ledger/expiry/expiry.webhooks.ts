import { PointsExpired, PointsExpiryWarned } from '../customer-events';
import { balanceChangeMessages } from '../points/points.webhooks';
import { customerRef, TopicMessage } from '../webhook-message';
import { EXPIRY_WARNINGS } from './expiry.decisions';

export const expiredMessages = (e: PointsExpired): TopicMessage[] => balanceChangeMessages(e, 'points/expired');

/** points/about_to_expire_30_days, _7_days, _3_days. */
export function expiryWarningMessages(e: PointsExpiryWarned): TopicMessage[] {
  if (!EXPIRY_WARNINGS.includes(e.daysLeft)) return [];
  return [
    {
      topic: `points/about_to_expire_${e.daysLeft}_days`,
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        points: e.points,
        daysLeft: e.daysLeft,
        expiresAt: e.expiresAt,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
