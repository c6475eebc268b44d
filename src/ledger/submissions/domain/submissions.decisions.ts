import { periodStart, PeriodUnit } from '../../../shared/domain/calendar';
import { because } from '../../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { TierRung } from '../../../tiers/domain/tier-rung';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import {
  earnsFromPrograms,
  PointsAwarded,
  pointsAwarded,
  SubmissionApproved,
  submissionApproved,
  SubmissionProgram,
  SubmissionReceived,
  submissionReceived,
  SubmissionRejected,
  submissionRejected,
} from '../../customer-events';
import { earningRoom } from '../../earning-limit/earning-limit.decisions';
import { pointsContext } from '../../points/points.decisions';
import { SubmissionEntry } from './submissions.state';

/**
 * A shopper submits a form or survey (`POST /customer/earn`). The program's rule values come with
 * the command (read from the program when the request came): with `autoApprove` its points are paid
 * at once, else the submission waits for the merchant; `instantPoints` are paid on submission either
 * way. `limit` is the program's own limit, counted in submissions (rejected ones do not count).
 */
export interface SubmitEntry {
  type: 'SubmitEntry';
  meta: CommandMeta;
  submissionId: string;
  program: SubmissionProgram & {
    autoApprove: boolean;
    instantPoints: number;
    /** A new submission only once the customer's last one of the program was rejected (map reviews). */
    onlyAfterRejection?: boolean;
    limit?: { unit: PeriodUnit; times: number };
    /** A form or survey: without a limit of its own, one that pays on submission pays once per customer. */
    form?: boolean;
  };
  answers: Record<string, string>;
  imageUrls: string[];
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
}

/**
 * The merchant approves or rejects a pending submission. Decided on the customer's stream with its
 * expected revision, so two merchants deciding at once decide (and pay) once: the second finds it
 * decided (409 ALREADY_DECIDED).
 */
export interface DecideSubmission {
  type: 'DecideSubmission';
  meta: CommandMeta;
  submissionId: string;
  decision: 'approve' | 'reject';
  reason: string | null;
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
}

export type SubmissionsCommand = SubmitEntry | DecideSubmission;

/** A program payment of `points` (clamped to the shop's earning limit); none when nothing is paid. */
function payment(
  state: EnrolledCustomer,
  meta: CommandMeta,
  program: SubmissionProgram,
  points: number,
  source: string,
): PointsAwarded[] {
  if (points <= 0) return [];
  const request = { points, source, event: program.event, reason: null };
  return [
    pointsAwarded(pointsContext(state, meta, request, state.points + points), {
      points,
      program: { programId: program.programId, programTitle: program.programTitle, earnBy: 'flat', rateMoney: null },
      order: null,
    }),
  ];
}

function requireMember(state: EnrolledCustomer): void {
  if (!earnsFromPrograms(state))
    throw because.notEligible('Only members earn from programs: join the loyalty program first');
}

/**
 * The program's own limit, counted in the customer's submissions of it since the period began. A
 * form or survey that pays on submission (an instant reward, or auto-approved points) and sets no
 * limit takes one submission per customer: decided on the customer's stream, so concurrent
 * submissions are counted one after the other and one is paid.
 */
function checkProgramLimit(command: SubmitEntry, state: EnrolledCustomer, due: number): void {
  const { programId } = command.program;
  const once = command.program.form && due > 0 ? { unit: 'lifetime' as const, times: 1 } : undefined;
  const limit = command.program.limit ?? once;
  if (!limit) return;
  const since = periodStart(limit.unit, command.meta.occurredAt);
  const counted = Object.values(state.submissions).filter(
    (s) => s.program.programId === programId && s.status !== 'rejected' && s.submittedAt >= since,
  ).length;
  if (counted >= limit.times)
    throw because.limitReached(`Program ${programId} takes at most ${limit.times} submission(s) per ${limit.unit}`);
}

/** A map review is sent once; again only after the merchant rejected the last one. */
function checkResubmission(command: SubmitEntry, state: EnrolledCustomer): void {
  if (!command.program.onlyAfterRejection) return;
  const last = Object.values(state.submissions)
    .filter((s) => s.program.programId === command.program.programId)
    .reduce<SubmissionEntry | null>((latest, s) => (!latest || s.submittedAt >= latest.submittedAt ? s : latest), null);
  if (last && last.status !== 'rejected')
    throw because.limitReached(`Program ${command.program.programId}: the last submission is ${last.status}`);
}

export function decideSubmit(command: SubmitEntry, state: EnrolledCustomer): Array<SubmissionReceived | PointsAwarded> {
  requireMember(state);
  const { program, meta } = command;
  const due = program.instantPoints + (program.autoApprove ? program.points : 0);
  // The same submission decided again (a retry after its append went through) records nothing.
  if (state.submissions[command.submissionId]) return [];
  checkProgramLimit(command, state, due);
  checkResubmission(command, state);
  // Paying now: the shop's earning limit lowers it to what is left and refuses when nothing is.
  const room = earningRoom(state, command.earningLimit, meta.occurredAt);
  if (due > 0 && room === 0) throw because.limitReached("The shop's earning limit is reached for this period");
  const paid = payment(state, meta, program, Math.min(due, room), command.source);
  const { programId, programTitle, event, points } = program;
  const received = submissionReceived(meta, {
    submissionId: command.submissionId,
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    program: { programId, programTitle, event, points },
    status: program.autoApprove ? 'approved' : 'pending',
    answers: command.answers,
    imageUrls: command.imageUrls,
    pointsEarned: paid[0]?.points ?? 0,
    source: command.source,
  });
  return [received, ...paid];
}

export function decideSubmissionDecision(
  command: DecideSubmission,
  state: EnrolledCustomer,
): Array<SubmissionApproved | SubmissionRejected | PointsAwarded> {
  const entry = state.submissions[command.submissionId];
  if (!entry) throw because.notFound('Submission');
  if (entry.status !== 'pending') throw because.alreadyDecided(command.submissionId, entry.status);
  const { meta } = command;
  const base = {
    submissionId: command.submissionId,
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    programId: entry.program.programId,
    reason: command.reason,
    source: command.source,
  };
  if (command.decision === 'reject') return [submissionRejected(meta, base)];
  // Approval pays what the shop's earning limit leaves (possibly nothing): the decision stands either way.
  const room = earningRoom(state, command.earningLimit, meta.occurredAt);
  const paid = payment(state, meta, entry.program, Math.min(entry.program.points, room), command.source);
  return [submissionApproved(meta, { ...base, pointsEarned: paid[0]?.points ?? 0 }), ...paid];
}
