import { isMapReviewKind, isPaidBy } from '../../programs/kinds/kinds';
import { paidOut, payRuleOf, ProgramLimitSettings } from './program-pay-rule';

/** What the customers read model knows of the programs that paid a customer (the same `payingProgram` as the ledger). */
export interface EarnedPrograms {
  earnedProgramIds?: string[];
  earnSignUp?: boolean;
  programPayments?: Readonly<Record<string, readonly string[]>>;
  /** The customer's last submission to each submission program, as the merchant left it. */
  submissionStatus?: Readonly<Record<string, string>>;
}

/**
 * Eligibility's `isEarned`, for the programs a customer earns from once (sign-up, birthday, every
 * social event; see `isSingleEvent`): true while the program cannot pay them again at `now`, by the
 * rule the ledger refuses with (a program limited to twice a day is earned after the second payment
 * of the day, and not the next day). Orders repeat: never earned. A map review is earned while its
 * last submission waits for the merchant or was approved: the ledger takes a new one only after a
 * rejection.
 */
export function isEarned(
  program: { id: string; event: string } & ProgramLimitSettings,
  customer: EarnedPrograms,
  now: string,
): boolean {
  const submitted = isMapReviewKind(program.event) ? customer.submissionStatus?.[program.id] : undefined;
  if (submitted !== undefined) return submitted !== 'rejected';
  const rule = payRuleOf(program.event, program);
  if (!rule.once) return false;
  const earned =
    (customer.earnedProgramIds ?? []).includes(program.id) ||
    (isPaidBy(program.event, 'enrolment') && (customer.earnSignUp ?? false));
  return paidOut(rule, { earned, payments: customer.programPayments?.[program.id] ?? [] }, now) !== null;
}
