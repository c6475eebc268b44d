import { because } from '../../shared/domain/domain-error';
import { isRecord } from '../../shared/domain/guards';
import { CustomerEvent } from '../customer-events';

/** Fields that hold an amount of points (balances, changes, caps), whatever the event. */
const POINT_FIELD = /point|^resetTo$|^requested$|^shortfall$|^remaining$|^balance$/i;
/** Balances and tier points never go below zero. */
const NEVER_NEGATIVE = new Set(['oldPoint', 'newPoint', 'tierPoint', 'resetTo', 'balance']);

/**
 * The ledger's last line of defence: no event leaves the decider with a point value that is not a
 * whole number within the exact range of doubles, a negative balance, or any number that is not
 * finite (JSON would store NaN and Infinity as null: "Earned null points"). Configuration is checked
 * when it is written; this holds even for what was recorded before those checks existed.
 */
export function assertAmounts(events: CustomerEvent[]): CustomerEvent[] {
  for (const event of events) {
    const problem = firstProblem({ ...event }, '');
    if (problem) {
      throw because.invalidAmount(
        `Refused: ${event.type} would record ${problem}; nothing was written (check the program or reward configuration)`,
        problem.split(' ')[0],
      );
    }
  }
  return events;
}

function firstProblem(value: Record<string, unknown>, prefix: string): string | null {
  for (const [key, inner] of Object.entries(value)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof inner === 'number') {
      if (!Number.isFinite(inner)) return `${name} = ${inner}`;
      if (POINT_FIELD.test(key) && !Number.isSafeInteger(inner))
        return `${name} = ${inner} (not a whole number in the exact range)`;
      if (NEVER_NEGATIVE.has(key) && inner < 0) return `${name} = ${inner} (below zero)`;
    } else if (isRecord(inner)) {
      const nested = firstProblem(inner, name);
      if (nested) return nested;
    } else if (Array.isArray(inner)) {
      for (const [i, item] of inner.entries()) {
        if (typeof item === 'number' && !Number.isFinite(item)) return `${name}[${i}] = ${item}`;
        if (isRecord(item)) {
          const nested = firstProblem(item, `${name}[${i}]`);
          if (nested) return nested;
        }
      }
    }
  }
  return null;
}
