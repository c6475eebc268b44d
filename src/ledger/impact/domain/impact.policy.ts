import { CustomerPolicy, whenEnrolled } from '../../customer-policy';
import { CustomerEventType as T } from '../../customer-event-types';
import { ImpactCommand, recordOutcome, redeemImpact } from './impact.decisions';
import { evolveImpact, ImpactShare, initialImpact } from './impact.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.ImpactRecorded]: evolveImpact,
  [T.ImpactStatusChanged]: evolveImpact,
};

/** Environmental impact bought with points, and the provider's outcome of each contribution. */
export const impactPolicy: CustomerPolicy<ImpactShare, ImpactCommand, keyof typeof evolve> = {
  name: 'impact',
  initial: initialImpact,
  evolve,
  decide: {
    RedeemImpact: whenEnrolled(redeemImpact),
    RecordImpactOutcome: whenEnrolled(recordOutcome),
  },
};
