import { CustomerPolicy } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { EarningLimitShare, evolveEarningLimit, initialEarningLimit } from './earning-limit.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsAwarded]: evolveEarningLimit,
  [T.PointsPending]: evolveEarningLimit,
};

/** Program points earned per day, which the shop's earning limit is read against (no command of its own). */
export const earningLimitPolicy: CustomerPolicy<EarningLimitShare, never, keyof typeof evolve> = {
  name: 'earning-limit',
  initial: initialEarningLimit,
  evolve,
  decide: {},
};
