import { isPaidBy, isSingleEvent } from '../../programs/kinds/kinds';

/** What the customers read model knows of the programs that paid a customer (the same `payingProgram` as the ledger). */
export interface EarnedPrograms {
  earnedProgramIds?: string[];
  earnSignUp?: boolean;
}

/**
 * Eligibility's `isEarned`, for the programs a customer earns from once (sign-up, birthday, every
 * social event; see `isSingleEvent`): whether it has paid them. Orders repeat: never earned.
 */
export function isEarned(program: { id: string; event: string }, customer: EarnedPrograms): boolean {
  if (!isSingleEvent(program.event)) return false;
  return (
    (customer.earnedProgramIds ?? []).includes(program.id) ||
    (isPaidBy(program.event, 'enrolment') && (customer.earnSignUp ?? false))
  );
}
