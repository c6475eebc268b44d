import { programsDecider } from '../domain/programs.decider';
import { ProgramEventType as T } from '../domain/program-events';
import { deciderSpec, sequentialIds } from '../../../test/support/decider-spec';
import { isMilestoneKind, isPaidBy, PLANNED_KINDS } from './kinds';

const spec = deciderSpec(programsDecider);
const meta = () => ({ shopId: 's', occurredAt: '2026-01-01T00:00:00.000Z', newId: sequentialIds('n') });
const create = (event: string, settings: Record<string, unknown>) => ({
  type: 'CreateProgram' as const,
  meta: meta(),
  programId: 'p1',
  kind: 'earning' as const,
  event,
  settings: { title: 'Ladder', ...settings },
  tierIds: [],
});
const points = (n: number) => ({ action: 'bonus_point', points: n });
const step = (value: number, extra: Record<string, unknown> = {}) => ({ value, rewards: [points(value)], ...extra });

describe('milestone programs: the ladder’s configuration', () => {
  it('the three milestone kinds are kinds, paid by a claim, no longer planned', () => {
    for (const name of ['milestone', 'milestone_inactivity', 'milestone_mixed']) {
      expect([name, isMilestoneKind(name), isPaidBy(name, 'milestone')]).toEqual([name, true, true]);
      expect(PLANNED_KINDS).not.toContain(name);
    }
    expect(isMilestoneKind('place_order')).toBe(false);
  });

  it('a ladder of increasing steps is stored as sent (no earnPoint needed)', () => {
    const milestones = [step(1), step(5, { maxRewardSelect: 1, rewardLogic: 'selectOne' })];
    spec
      .given([])
      .when(create('milestone', { typeMilestone: 'order', milestones }))
      .thenMatches([
        {
          type: T.Created,
          event: 'milestone',
          settings: expect.objectContaining({ typeMilestone: 'order', milestones }),
        },
      ]);
  });

  it('a mixed ladder names each step’s type; values increase per type', () => {
    const milestones = [
      step(2, { stepType: 'order' }),
      step(100, { stepType: 'earned_point' }),
      step(3, { stepType: 'order' }),
    ];
    spec
      .given([])
      .when(create('milestone_mixed', { typeMilestone: 'mixed', milestones }))
      .thenMatches([{ type: T.Created, settings: expect.objectContaining({ milestones }) }]);
  });

  it('an inactivity ladder needs no steps', () => {
    spec
      .given([])
      .when(create('milestone_inactivity', { typeMilestone: 'inactivity' }))
      .thenMatches([{ type: T.Created, event: 'milestone_inactivity' }]);
  });

  it.each([
    ['milestone', { milestones: [step(1)] }, 'typeMilestone'],
    ['milestone', { typeMilestone: 'mixed', milestones: [step(1)] }, 'typeMilestone'],
    ['milestone_mixed', { typeMilestone: 'order', milestones: [step(1)] }, 'typeMilestone'],
    ['milestone_inactivity', { typeMilestone: 'order' }, 'typeMilestone'],
    ['milestone', { typeMilestone: 'order' }, 'milestones'],
    ['milestone', { typeMilestone: 'order', milestones: [step(5), step(5)] }, 'milestones[1].value'],
    ['milestone', { typeMilestone: 'order', milestones: [step(5), step(3)] }, 'milestones[1].value'],
    [
      'milestone_mixed',
      { typeMilestone: 'mixed', milestones: [step(2, { stepType: 'order' }), step(1, { stepType: 'order' })] },
      'milestones[1].value',
    ],
    ['milestone_mixed', { typeMilestone: 'mixed', milestones: [step(2)] }, 'milestones[0].stepType'],
    ['milestone', { typeMilestone: 'order', milestones: [step(2, { stepType: 'reviews' })] }, 'milestones[0].stepType'],
    [
      'milestone',
      { typeMilestone: 'order', milestones: [step(2, { maxRewardSelect: 2 })] },
      'milestones[0].maxRewardSelect',
    ],
    [
      'milestone',
      { typeMilestone: 'order', milestones: [{ value: 1, rewards: [{ action: 'bonus_point' }] }] },
      'milestones[0].rewards[0].points',
    ],
    [
      'milestone',
      {
        typeMilestone: 'order',
        milestones: [{ value: 1, rewards: [points(1), { action: 'free_gift', variantIds: [] }] }],
      },
      'milestones[0].rewards[1].variantIds',
    ],
    [
      'milestone',
      { typeMilestone: 'order', milestones: [{ value: 1, rewards: [{ action: 'amount_discount' }] }] },
      'milestones[0].rewards[0].amount',
    ],
    ['place_order', { earnPoint: 1, typeMilestone: 'order' }, 'typeMilestone'],
    ['sign_up', { earnPoint: 1, milestones: [step(1)] }, 'milestones'],
  ])('%s with %j is refused naming %s', (event, settings, field) => {
    expect(spec.given([]).when(create(event, settings)).thenThrows('BAD_REQUEST').details).toEqual({ field });
  });
});
