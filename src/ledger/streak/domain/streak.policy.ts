import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { ClaimStreakDay, decideStreakDay } from './streak.decisions';
import { evolveStreak, initialStreak, StreakShare } from './streak.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.StreakDayClaimed]: evolveStreak,
};

/** Daily check-ins: one a day, a streak that pays its milestone days. */
export const streakPolicy: CustomerPolicy<StreakShare, ClaimStreakDay, keyof typeof evolve> = {
  name: 'streak',
  initial: initialStreak,
  evolve,
  decide: {
    ClaimStreakDay: whenEnrolled(decideStreakDay),
  },
};
