import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/** Where a submission stands: waiting for the merchant, or decided. */
export type SubmissionStatus = 'pending' | 'approved' | 'rejected';

/** The program a submission is for, with the points its approval pays (recorded: a later edit changes nothing). */
export interface SubmissionProgram {
  programId: string;
  programTitle: string;
  /** The program's kind (submit_form, fill_survey). */
  event: string;
  /** Points the approval pays (the program's earnPoint when submitted). */
  points: number;
}

/**
 * A shopper submitted a form or survey on the storefront. `status` is `approved` when the program
 * auto-approves (its points are paid by the PointsAwarded recorded with it), else `pending` until the
 * merchant decides. `answers` and `imageUrls` are what the shopper sent: personal, sealed.
 */
export interface SubmissionReceived extends CustomerEventBase {
  type: typeof T.SubmissionReceived;
  submissionId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  program: SubmissionProgram;
  status: 'pending' | 'approved';
  answers: Record<string, string>;
  imageUrls: string[];
  /** Points paid on submission (instant reward, and the approval's points when auto-approved). */
  pointsEarned: number;
  source: string;
}

/** The merchant approved a pending submission; `pointsEarned` is what its PointsAwarded paid (the earning limit may lower it). */
export interface SubmissionApproved extends CustomerEventBase {
  type: typeof T.SubmissionApproved;
  submissionId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  programId: string;
  pointsEarned: number;
  reason: string | null;
  source: string;
}

/** The merchant rejected a pending submission: nothing more is paid. */
export interface SubmissionRejected extends CustomerEventBase {
  type: typeof T.SubmissionRejected;
  submissionId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  programId: string;
  reason: string | null;
  source: string;
}

export type SubmissionEvent = SubmissionReceived | SubmissionApproved | SubmissionRejected;

export const submissionReceived: EventBuilder<SubmissionReceived> = eventBuilder(T.SubmissionReceived);
export const submissionApproved: EventBuilder<SubmissionApproved> = eventBuilder(T.SubmissionApproved);
export const submissionRejected: EventBuilder<SubmissionRejected> = eventBuilder(T.SubmissionRejected);
