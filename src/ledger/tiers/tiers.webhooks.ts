import { TierChanged, TierRetained, TierReviewWarned } from '../customer-events';
import { customerRef, TopicMessage } from '../webhook-message';

/** Tier moves are tier/upgraded or tier/downgraded; a move by the retention review is also tier/reset. */
export function tierChangedMessages(e: TierChanged): TopicMessage[] {
  if (e.direction === 'same') return [];
  const fields = {
    customer: customerRef(e),
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
  if (e.trigger !== 'assessment') return [moved];
  return [moved, { topic: 'tier/reset', orderingKey: e.customerId, fields: { ...fields, kept: false } }];
}

/** A review that kept the tier is tier/reset with `kept: true`. */
export function tierRetainedMessages(e: TierRetained): TopicMessage[] {
  return [
    {
      topic: 'tier/reset',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
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
}

const WARNING_TOPICS: Readonly<Record<number, string>> = {
  28: 'tier/about_to_reset_4_weeks',
  14: 'tier/about_to_reset_2_weeks',
  1: 'tier/about_to_reset_1_day',
};

export function tierReviewWarningMessages(e: TierReviewWarned): TopicMessage[] {
  const topic = WARNING_TOPICS[e.daysLeft];
  if (!topic) return [];
  return [
    {
      topic,
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
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
