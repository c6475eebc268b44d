import { MilestoneStepClaimed } from '../../customer-events';
import { customerRef, TopicMessage } from '../../webhook-message';

/** A claimed step is milestone/achieved: the step, the rewards granted and the points the claim paid. */
export function milestoneAchievedMessages(e: MilestoneStepClaimed): TopicMessage[] {
  return [
    {
      topic: 'milestone/achieved',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        programId: e.step.programId,
        programTitle: e.step.programTitle,
        typeMilestone: e.step.typeMilestone,
        stepType: e.step.stepType,
        milestoneValue: e.step.value,
        milestoneOrder: e.step.order,
        claimKey: e.step.claimKey,
        rewards: e.rewards,
        pointsEarned: e.pointsGranted,
        blocked: e.blocked,
        occurredAt: e.occurredAt,
      },
    },
  ];
}
