import { CustomerPolicy, NoShare, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { CustomerState } from '../customer-state';
import { decideHeldPoints, ReleasePendingPoints } from './held-points.decisions';
import { evolveHeldPoints } from './held-points.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsPending]: evolveHeldPoints,
  [T.PendingPointsCancelled]: evolveHeldPoints,
  [T.PointsAwarded]: evolveHeldPoints,
};

/** Order points held for the program's delay, then released: kept on the orders policy's orders (it folds after it). */
export const heldPointsPolicy: CustomerPolicy<
  NoShare,
  ReleasePendingPoints,
  keyof typeof evolve,
  Pick<CustomerState, 'orders'>
> = {
  name: 'held-points',
  initial: () => ({}),
  evolve,
  decide: {
    ReleasePendingPoints: whenEnrolled(decideHeldPoints),
  },
};
