import { PointsAwarded } from '../customer-events';
import { customerRef, TopicMessage } from '../webhook-message';
import { isPaidBy } from '../../programs/kinds/kinds';

/** A birthday program's payment is also birthday/reward_earned (before its points/earned); one of 0 says nothing. */
export function birthdayRewardMessages(e: PointsAwarded): TopicMessage[] {
  if (!isPaidBy(e.event, 'birthday') || e.newPoint === e.oldPoint) return [];
  return [
    {
      topic: 'birthday/reward_earned',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        points: e.points,
        newPoint: e.newPoint,
        year: e.period ?? null,
        programId: e.program?.programId ?? null,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
