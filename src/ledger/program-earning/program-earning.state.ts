import { CustomerEvent, CustomerEventType as T } from '../customer-events';

/** Program earning's share: which programs paid this customer, how often, and for which period. */
export interface ProgramEarningShare {
  /** How many times each program has paid this customer (single-event programs pay once). */
  earnedPrograms: Readonly<Record<string, number>>;
  /** The last period each periodic program paid for (birthday: the year). */
  earnedPeriods: Readonly<Record<string, string>>;
  /** When each program paid this customer other than for an order (recent payments, for per-program limits). */
  programPayments: Readonly<Record<string, readonly string[]>>;
}

export const initialProgramEarning = (): ProgramEarningShare => ({
  earnedPrograms: {},
  earnedPeriods: {},
  programPayments: {},
});

/** Keep the last 100 payment times per program: enough for any configured limit. */
const PAYMENTS_KEPT = 100;

/** The program that paid this event's points, if a program did (orders, sign-up, birthday, social). */
export function payingProgram(event: CustomerEvent): string | null {
  return event.type === T.PointsAwarded ? (event.program?.programId ?? null) : null;
}

/**
 * The payment times with this event's, when a program paid it other than for an order (orders never
 * meet a per-program limit, so their times are not kept). Undefined: unchanged. The ledger state and
 * the customers read model (for isEarned) both keep them with this function.
 */
export function withProgramPayment(
  payments: Readonly<Record<string, readonly string[]>>,
  event: CustomerEvent,
): Record<string, readonly string[]> | undefined {
  const programId = payingProgram(event);
  if (!programId || event.type !== T.PointsAwarded || event.order) return undefined;
  return { ...payments, [programId]: [...(payments[programId] ?? []), event.occurredAt].slice(-PAYMENTS_KEPT) };
}

export function evolveProgramEarning(
  state: ProgramEarningShare,
  event: CustomerEvent,
): Partial<ProgramEarningShare> | undefined {
  const programId = payingProgram(event);
  if (!programId || event.type !== T.PointsAwarded) return undefined;
  const programPayments = withProgramPayment(state.programPayments, event);
  return {
    earnedPrograms: { ...state.earnedPrograms, [programId]: (state.earnedPrograms[programId] ?? 0) + 1 },
    ...(event.period ? { earnedPeriods: { ...state.earnedPeriods, [programId]: event.period } } : {}),
    ...(programPayments ? { programPayments } : {}),
  };
}

declare module '../customer-state' {
  interface CustomerShares {
    programEarning: ProgramEarningShare;
  }
}
