import { SubmissionApproved, SubmissionRejected } from '../../customer-events';
import { customerRef, TopicMessage } from '../../webhook-message';

/** A merchant's decision on a submission is submission/decided (approved with the points it paid, or rejected). */
export function submissionDecidedMessages(e: SubmissionApproved | SubmissionRejected): TopicMessage[] {
  const approved = e.type === 'submission.approved.v1';
  return [
    {
      topic: 'submission/decided',
      orderingKey: e.customerId,
      fields: {
        customer: customerRef(e),
        submissionId: e.submissionId,
        programId: e.programId,
        status: approved ? 'approved' : 'rejected',
        pointsEarned: approved ? e.pointsEarned : 0,
        reason: e.reason,
        decidedAt: e.occurredAt,
      },
    },
  ];
}
