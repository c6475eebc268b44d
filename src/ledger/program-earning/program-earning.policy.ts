import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { decideProgramEarning, EarnFromProgram } from './program-earning.decisions';
import { evolveProgramEarning, initialProgramEarning, ProgramEarningShare } from './program-earning.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.PointsAwarded]: evolveProgramEarning,
};

/** Earning from the shop's programs: which programs paid, in which periods. */
export const programEarningPolicy: CustomerPolicy<ProgramEarningShare, EarnFromProgram, keyof typeof evolve> = {
  name: 'program-earning',
  initial: initialProgramEarning,
  evolve,
  decide: {
    EarnFromProgram: whenEnrolled(decideProgramEarning),
  },
};
