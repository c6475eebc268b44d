import { periodStart, PeriodUnit } from '../../shared/domain/calendar';
import { isSingleEvent } from '../../programs/kinds/kinds';

/**
 * How often a program may pay one customer: `once` (single-event kinds), or at most `times` per
 * `unit` when the program sets a limit. Written once: the decision refuses a payment by it and the
 * personalised lists show `isEarned` by it, so a program reads "earned" exactly while it cannot pay.
 */
export interface ProgramPayRule {
  once: boolean;
  limit?: { unit: PeriodUnit; times: number };
}

/** A program's limit settings, as the catalogue and the programs read model keep them. */
export interface ProgramLimitSettings {
  hasLimit?: boolean;
  limitUnit?: PeriodUnit;
  limitInterval?: number;
}

export function payRuleOf(event: string, settings: ProgramLimitSettings): ProgramPayRule {
  return {
    once: isSingleEvent(event),
    ...(settings.hasLimit
      ? { limit: { unit: settings.limitUnit ?? 'lifetime', times: settings.limitInterval ?? 1 } }
      : {}),
  };
}

/** What the customer has been paid by one program: whether ever, and when (recent payments). */
export interface ProgramPaidHistory {
  earned: boolean;
  payments: readonly string[];
}

/** Why the program cannot pay this customer again at `now` (null: it can). */
export function paidOut(rule: ProgramPayRule, history: ProgramPaidHistory, now: string): string | null {
  if (rule.limit) {
    const since = periodStart(rule.limit.unit, now);
    const paid = history.payments.filter((at) => at >= since).length;
    return paid >= rule.limit.times ? `pays at most ${rule.limit.times} time(s) per ${rule.limit.unit}` : null;
  }
  return rule.once && history.earned ? 'has already paid this customer' : null;
}
