import { CustomerCommand } from '../../customer-ledger';
import { CommandMeta } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-events';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import {
  enrolledRun,
  givenCustomer,
  ledgerSpec,
  recordOrder,
  recordRefund,
} from '../../../../test/support/customer-ledger-given';
import type { MilestoneStep } from '../../../programs/kinds/milestone.schema';
import { ClaimMilestoneStep, MilestoneProgramRef } from './milestones.decisions';
import { ladderStandings } from './ladder-states';
import { countMilestones, initialCounters } from './milestone-counters';

const points = (n: number) => ({ action: 'bonus_point' as const, points: n });
const gift = (...variantIds: string[]) => ({ action: 'free_gift' as const, variantIds });

/** Orders: 1 order pays 10 points; 2 orders: pick one of 50 points or a gift of two variants; 3 orders: 100. */
const ORDER_LADDER: MilestoneStep[] = [
  { value: 1, rewards: [points(10)] },
  { value: 2, rewardLogic: 'selectOne', maxRewardSelect: 1, rewards: [points(50), gift('v1', 'v2')] },
  { value: 3, rewards: [points(100), gift('only')] },
];
const program = (fields: Partial<MilestoneProgramRef> = {}): MilestoneProgramRef => ({
  programId: 'm1',
  programTitle: 'Order ladder',
  event: 'milestone',
  typeMilestone: 'order',
  steps: ORDER_LADDER,
  ...fields,
});
const claim =
  (claimKey: string, fields: Partial<ClaimMilestoneStep> = {}) =>
  (meta: CommandMeta): CustomerCommand => ({
    type: 'ClaimMilestoneStep',
    meta,
    program: program(),
    claimKey,
    selectedRewardIds: null,
    variantIds: {},
    deferGiftChoice: false,
    source: 'source_headless',
    tiers: [],
    ...fields,
  });
const AT = '2026-03-02T10:00:00.000Z';

/** A member with `orders` orders of $20 each. */
function customerWith(orders: number) {
  const c = enrolledRun('2026-03-01T00:00:00.000Z');
  for (let i = 1; i <= orders; i++) c.run(AT, (meta) => recordOrder(meta, `o${i}`, 2000));
  return c;
}
const states = (c: ReturnType<typeof customerWith>, p = program()) =>
  ladderStandings(p, c.state().milestoneCounters, c.state().milestoneClaims).map((s) => [
    s.claimKey,
    s.state,
    s.reached,
  ]);
const thrown = (f: () => unknown) => {
  try {
    f();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'no error';
};

describe('milestones: the step states', () => {
  it('no orders: the first step is current, the rest locked', () => {
    expect(states(customerWith(0))).toEqual([
      ['1', 'current', false],
      ['2', 'locked', false],
      ['3', 'locked', false],
    ]);
  });

  it('reached steps are claimable; a claim makes a step achieved; claiming a later step passes the earlier ones', () => {
    const c = customerWith(3);
    expect(states(c)).toEqual([
      ['1', 'claimable', true],
      ['2', 'claimable', true],
      ['3', 'claimable', true],
    ]);
    c.run(AT, claim('3', { variantIds: {} }));
    expect(states(c)).toEqual([
      ['1', 'passed_unclaimed', true],
      ['2', 'passed_unclaimed', true],
      ['3', 'achieved', true],
    ]);
    expect(thrown(() => c.run(AT, claim('1')))).toBe('NOT_CLAIMABLE');
  });

  it('a cancelled order takes an unclaimed step back to current; a claimed one stays achieved', () => {
    const c = customerWith(2);
    c.run(AT, claim('1'));
    c.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: 'o2', tiers: [] }) as CustomerCommand);
    expect(states(c)).toEqual([
      ['1', 'achieved', true],
      ['2', 'current', false],
      ['3', 'locked', false],
    ]);
  });

  it('cancelled or refunded orders below a claimed order step take its bonus back, once; the step stays achieved', () => {
    const cancel = (orderId: string) => (meta: CommandMeta) =>
      ({ type: 'CancelOrder', meta, orderId, tiers: [] }) as CustomerCommand;
    const c = customerWith(1);
    c.run(AT, claim('1'));
    expect(c.state().points).toBe(10);
    const reversed = c.run(AT, cancel('o1'));
    expect(reversed).toMatchObject([
      { type: T.OrderCancelled, orderId: 'o1' },
      {
        type: T.PointsRevoked,
        points: 10,
        requested: 10,
        shortfall: 0,
        cause: 'order_cancelled',
        oldPoint: 10,
        newPoint: 0,
        order: null,
        program: { programId: 'm1' },
        milestone: { order: 1, claimKey: '1' },
      },
    ]);
    expect(states(c)[0]).toEqual(['1', 'achieved', true]);
    // Ordering again reaches the step, but it was claimed: no second bonus, and no second reversal.
    c.run(AT, (meta) => recordOrder(meta, 'o9', 2000));
    expect(thrown(() => c.run(AT, claim('1')))).toBe('NOT_CLAIMABLE');
    expect(c.run(AT, cancel('o9')).map((e) => e.type)).toEqual([T.OrderCancelled]);
    expect(c.state().points).toBe(0);
  });

  it('a step still reached after a cancellation keeps its bonus; a spend step is taken back by a refund', () => {
    const c = customerWith(2);
    c.run(AT, claim('1'));
    expect(
      c.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: 'o2', tiers: [] }) as CustomerCommand),
    ).toMatchObject([{ type: T.OrderCancelled }]);
    const spend = program({
      programId: 's1',
      typeMilestone: 'spent_amount',
      steps: [{ value: 30, rewards: [points(7)] }],
    });
    const d = customerWith(2);
    d.run(AT, claim('30', { program: spend }));
    expect(d.run(AT, (meta) => recordRefund(meta, 'o1', 'r1', 500)).map((e) => e.type)).toEqual([T.RefundRecorded]);
    expect(d.run(AT, (meta) => recordRefund(meta, 'o2', 'r2', 600))).toMatchObject([
      { type: T.RefundRecorded },
      { type: T.PointsRevoked, points: 7, cause: 'order_refunded', milestone: { claimKey: '30' } },
    ]);
  });

  it('a mixed ladder is climbed in order: a later step’s counter counts only once the steps before are reached', () => {
    const mixed = program({
      typeMilestone: 'mixed',
      event: 'milestone_mixed',
      steps: [
        { value: 5, stepType: 'order', rewards: [points(1)] },
        { value: 1, stepType: 'spent_amount', rewards: [points(2)] },
      ],
    });
    const c = customerWith(1);
    expect(states(c, mixed)).toEqual([
      ['m1_order_5', 'current', false],
      ['m1_spent_amount_1', 'locked', false],
    ]);
  });

  it('counters: orders and spend (refunds lower it), points earned, approved reviews', () => {
    const c = customerWith(2);
    c.run(AT, (meta) => recordRefund(meta, 'o1', 'r1', 500));
    expect(c.state().milestoneCounters).toMatchObject({ order: 2, spent_amount: 3500 });
    const reviewed = countMilestones(initialCounters(), {
      type: T.SubmissionReceived,
      program: { event: 'write_review' },
      status: 'approved',
    } as never);
    expect(reviewed.reviews).toBe(1);
  });
});

describe('milestones: claims', () => {
  it('a claim grants the step’s rewards with the values used and pays its points with milestoneOrder', () => {
    const c = customerWith(1);
    const events = c.run(AT, claim('1'));
    expect(events).toMatchObject([
      { type: T.MilestoneStepReached, step: { claimKey: '1', order: 1 }, counter: 1 },
      {
        type: T.MilestoneStepClaimed,
        step: { programId: 'm1', claimKey: '1', value: 1, order: 1, stepType: 'order', typeMilestone: 'order' },
        counter: 1,
        selectedRewardIds: [0],
        rewards: [{ index: 0, action: 'bonus_point', points: 10, variantId: null }],
        pointsGranted: 10,
        blocked: false,
        owedGifts: [],
      },
      { type: T.PointsAwarded, points: 10, newPoint: 10, event: 'milestone', milestone: { order: 1, claimKey: '1' } },
    ]);
  });

  it('two claims of one step grant once: the second is NOT_CLAIMABLE', () => {
    const c = customerWith(1);
    c.run(AT, claim('1'));
    expect(thrown(() => c.run(AT, claim('1')))).toBe('NOT_CLAIMABLE');
    expect(c.state().points).toBe(10);
  });

  it('INVALID_STEP for no such step, NOT_CLAIMABLE before it is reached', () => {
    const c = customerWith(1);
    expect(thrown(() => c.run(AT, claim('7')))).toBe('INVALID_STEP');
    expect(thrown(() => c.run(AT, claim('2', { selectedRewardIds: [0] })))).toBe('NOT_CLAIMABLE');
  });

  it.each([
    [null, 'INVALID_SELECTION'],
    [[0, 1], 'INVALID_SELECTION'],
    [[2], 'INVALID_SELECTION'],
    [[-1], 'INVALID_SELECTION'],
  ])('selection %j of a pick-one step is %s', (selectedRewardIds, code) => {
    expect(thrown(() => customerWith(2).run(AT, claim('2', { selectedRewardIds })))).toBe(code);
  });

  it('a duplicate pick is INVALID_SELECTION', () => {
    const step: MilestoneStep = {
      value: 1,
      rewardLogic: 'selectMany',
      maxRewardSelect: 2,
      rewards: [points(1), points(2)],
    };
    const c = customerWith(1);
    expect(
      thrown(() => c.run(AT, claim('1', { program: program({ steps: [step] }), selectedRewardIds: [1, 1] }))),
    ).toBe('INVALID_SELECTION');
  });

  it('a gift of several variants needs one (GIFT_SELECTION_REQUIRED), on its allow-list (GIFT_UNAVAILABLE)', () => {
    const c = customerWith(2);
    expect(thrown(() => c.run(AT, claim('2', { selectedRewardIds: [1] })))).toBe('GIFT_SELECTION_REQUIRED');
    expect(thrown(() => c.run(AT, claim('2', { selectedRewardIds: [1], variantIds: { '1': 'v9' } })))).toBe(
      'GIFT_UNAVAILABLE',
    );
    const [, claimed] = c.run(AT, claim('2', { selectedRewardIds: [1], variantIds: { '1': 'v2' } }));
    expect(claimed).toMatchObject({
      rewards: [{ action: 'free_gift', variantId: 'v2' }],
      pointsGranted: 0,
      owedGifts: [],
    });
  });

  it('a gift choice may wait: the step stays claimable for that choice only, then is achieved', () => {
    const c = customerWith(2);
    c.run(AT, claim('2', { selectedRewardIds: [1], deferGiftChoice: true }));
    expect(states(c)[1]).toEqual(['2', 'claimable', true]);
    expect(thrown(() => c.run(AT, claim('2', { selectedRewardIds: [1] })))).toBe('GIFT_SELECTION_REQUIRED');
    expect(c.run(AT, claim('2', { variantIds: { '1': 'v1' } }))).toMatchObject([
      { type: T.MilestoneGiftChosen, step: { claimKey: '2' }, variantIds: { '1': 'v1' } },
    ]);
    expect(states(c)[1]).toEqual(['2', 'achieved', true]);
  });

  it('the earning limit lowers the points; none left is blocked, and the step still counts as claimed', () => {
    const limit = (maxPoints: number): EarningLimitPolicy => ({ enabled: true, maxPoints, period: 'month', tiers: [] });
    const lowered = customerWith(1);
    expect(lowered.run(AT, claim('1', { earningLimit: limit(4) }))).toMatchObject([
      { type: T.MilestoneStepReached },
      { type: T.MilestoneStepClaimed, pointsGranted: 4, blocked: false },
      { type: T.PointsAwarded, points: 4 },
    ]);
    const blocked = customerWith(1);
    blocked.run(AT, claim('1', { earningLimit: limit(10) }));
    const c = customerWith(3);
    c.run(AT, claim('1', { earningLimit: limit(10) }));
    expect(c.run(AT, claim('3', { earningLimit: limit(10) }))).toMatchObject([
      { type: T.MilestoneStepReached },
      {
        type: T.MilestoneStepClaimed,
        pointsGranted: 0,
        blocked: true,
        rewards: [{ points: 100 }, { variantId: 'only' }],
      },
    ]);
    expect(states(c)[2]).toEqual(['3', 'achieved', true]);
  });

  it('only members claim', () => {
    const { enrolled, meta } = givenCustomer();
    ledgerSpec
      .given([enrolled({ membership: 'guest' } as never)])
      .when(claim('1')(meta(AT)))
      .thenThrows('NOT_ELIGIBLE', 403);
  });

  it('discounts and chosen gifts carry the coupon the platform minted; one missing is CLAIM_FAILED', () => {
    const coupon = (code: string) => ({
      rewardId: `r-${code}`,
      couponCode: code,
      discountId: null,
      priceRuleId: null,
      rewardType: 'fixed_amount',
      rewardValue: 5,
      redeemType: 'fixed',
      orderReqAmount: null,
      expiresAt: null,
      programDescription: null,
    });
    const step: MilestoneStep = {
      value: 1,
      rewards: [{ action: 'amount_discount', amount: 5 }, gift('only'), points(3)],
    };
    const p = program({ steps: [step] });
    expect(thrown(() => customerWith(1).run(AT, claim('1', { program: p, coupons: { '0': coupon('A') } })))).toBe(
      'CLAIM_FAILED',
    );
    const [, claimed] = customerWith(1).run(
      AT,
      claim('1', { program: p, coupons: { '0': coupon('A'), '1': coupon('B') } }),
    );
    expect(claimed).toMatchObject({
      rewards: [
        { index: 0, action: 'amount_discount', amount: 5, coupon: { couponCode: 'A' } },
        { index: 1, action: 'free_gift', variantId: 'only', coupon: { couponCode: 'B' } },
        { index: 2, action: 'bonus_point', points: 3, coupon: null },
      ],
      pointsGranted: 3,
    });
  });

  it('a mixed step is claimed by its key once the steps before are reached; an inactivity ladder has no step', () => {
    const mixed = program({
      typeMilestone: 'mixed',
      event: 'milestone_mixed',
      steps: [
        { value: 1, stepType: 'order', rewards: [points(1)] },
        { value: 30, stepType: 'spent_amount', rewards: [points(2)] },
      ],
    });
    const c = customerWith(2);
    expect(c.run(AT, claim('m1_spent_amount_30', { program: mixed }))).toMatchObject([
      { type: T.MilestoneStepReached, step: { claimKey: 'm1_spent_amount_30' } },
      { type: T.MilestoneStepClaimed, step: { stepType: 'spent_amount', value: 30, order: 2 }, counter: 40 },
      { type: T.PointsAwarded, points: 2, milestone: { order: 2 } },
    ]);
    const inactivity = program({ typeMilestone: 'inactivity', event: 'milestone_inactivity', steps: [] });
    expect(thrown(() => customerWith(1).run(AT, claim('1', { program: inactivity })))).toBe('INVALID_STEP');
  });

  it('reached steps are recorded once each, by the counters’ reader or by the claim, and never taken back', () => {
    const c = customerWith(2);
    const record = (meta: CommandMeta): CustomerCommand => ({
      type: 'RecordMilestonesReached',
      meta,
      ladders: [program()],
    });
    expect(c.run(AT, record)).toMatchObject([
      { type: T.MilestoneStepReached, step: { programId: 'm1', claimKey: '1', order: 1 }, counter: 2 },
      { type: T.MilestoneStepReached, step: { claimKey: '2', order: 2 }, counter: 2 },
    ]);
    expect(c.run(AT, record)).toEqual([]);
    // The claim of a step already recorded as reached records only the claim.
    expect(c.run(AT, claim('1')).map((e) => e.type)).toEqual([T.MilestoneStepClaimed, T.PointsAwarded]);
    c.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: 'o2', tiers: [] }) as CustomerCommand);
    c.run(AT, (meta) => recordOrder(meta, 'o3', 100));
    expect(c.run(AT, record)).toEqual([]);
    c.run(AT, (meta) => recordOrder(meta, 'o4', 100));
    expect(c.run(AT, record)).toMatchObject([{ type: T.MilestoneStepReached, step: { claimKey: '3' }, counter: 3 }]);
  });
});
