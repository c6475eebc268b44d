import { COUNTED_EVENT_TYPES } from './milestone-counters';
import { milestonesPolicy } from './milestones.policy';

describe('the milestones policy', () => {
  // The ledger's counters (which claims are decided on) and the counters read model (which the ladder
  // is read from) fold the same events: a type the read model counts must reach the policy's evolve.
  it('reads every event type the counters count', () => {
    const read = new Set(Object.keys(milestonesPolicy.evolve));
    expect(COUNTED_EVENT_TYPES.filter((type) => !read.has(type))).toEqual([]);
  });
});
