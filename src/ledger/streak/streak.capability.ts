import { Capability } from '../../capability';
import { ClaimStreakDay } from './claim-streak-day';

/** The daily streak: one check-in a day, a reward on the days the program names. */
export const STREAK_CAPABILITY: Capability = {
  providers: [ClaimStreakDay],
  projections: [],
  controllers: [],
};
