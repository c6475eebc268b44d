import { addToDay, DayBuckets, NO_DAYS } from '../../shared/domain/day-buckets';
import { CustomerEvent, programPointsCounted } from '../customer-events';

/** The earning limit's share: points earned from programs per UTC day (last 800 days). */
export interface EarningLimitShare {
  programEarnedByDay: DayBuckets;
}

export const initialEarningLimit = (): EarningLimitShare => ({ programEarnedByDay: NO_DAYS });

/** Program points count when paid, held order points when they are held (not again when released). */
export function evolveEarningLimit(
  state: EarningLimitShare,
  event: CustomerEvent,
): Partial<EarningLimitShare> | undefined {
  const counted = programPointsCounted(event);
  if (counted === 0) return undefined;
  return { programEarnedByDay: addToDay(state.programEarnedByDay, event.occurredAt, counted) };
}

declare module '../customer-state' {
  interface CustomerShares {
    earningLimit: EarningLimitShare;
  }
}
