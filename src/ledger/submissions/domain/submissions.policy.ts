import { submissionDecidedMessages } from './submissions.webhooks';
import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { decideSubmissionDecision, decideSubmit, SubmissionsCommand } from './submissions.decisions';
import { evolveSubmissions, initialSubmissions, SubmissionsShare } from './submissions.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.SubmissionReceived]: evolveSubmissions,
  [T.SubmissionApproved]: evolveSubmissions,
  [T.SubmissionRejected]: evolveSubmissions,
};

/** Forms, surveys and reviews the customer submits, and the merchant's decisions on them. */
export const submissionsPolicy: CustomerPolicy<SubmissionsShare, SubmissionsCommand, keyof typeof evolve> = {
  name: 'submissions',
  initial: initialSubmissions,
  evolve,
  decide: {
    SubmitEntry: whenEnrolled(decideSubmit),
    DecideSubmission: whenEnrolled(decideSubmissionDecision),
  },
  // A submission paid at once says so through points/earned; a pending one waits for the decision.
  webhooks: { [T.SubmissionApproved]: submissionDecidedMessages, [T.SubmissionRejected]: submissionDecidedMessages },
};
