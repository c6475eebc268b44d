import { CustomerCommand } from '../customer-ledger';
import { CommandMeta } from '../customer-stream';
import { CustomerEventType as T } from '../customer-events';
import {
  BONUS_LADDER as tiers,
  earningRule,
  enrolledRun,
  recordOrder,
  recordRefund,
} from '../../../test/support/customer-ledger-given';

const award = (points: number, meta: CommandMeta): CustomerCommand => ({
  type: 'AwardPoints',
  meta,
  request: { points, source: 'rest_api', event: 'x' },
  tiers,
});
/** The review of the last `windowMonths`, due `assessmentMonths` after the tier was entered. */
const review =
  (type: 'AssessTier' | 'WarnTierReview', windowMonths: number) =>
  (meta: CommandMeta): CustomerCommand => ({ type, meta, tiers, assessmentMonths: 12, windowMonths });
const assess = review('AssessTier', 12);
const assessLast6Months = review('AssessTier', 6);
const warn = review('WarnTierReview', 6);

describe('tier retention review', () => {
  it('not due before the assessment period has passed since the tier was entered', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    c.run('2025-03-01T00:00:00.000Z', (meta) => award(600, meta));
    expect(c.run('2026-02-28T00:00:00.000Z', assess)).toEqual([]);
  });

  it('keeps the tier when the window holds its target, and the next review counts from then', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    c.run('2025-03-01T00:00:00.000Z', (meta) => award(600, meta));
    c.run('2025-06-01T00:00:00.000Z', (meta) => award(10, meta));
    const kept = c.run('2026-03-01T00:00:00.000Z', assess);
    // 600 + 100 bonus + 10, all within the last 12 months.
    expect(kept).toMatchObject([{ type: T.TierRetained, tierId: 'silver', windowPoints: 710 }]);
    expect(c.run('2026-09-01T00:00:00.000Z', assess)).toEqual([]);
  });

  it('moves down to the tier the window reaches, restarting the tier point from it; bronze is never reviewed', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    c.run('2025-01-09T00:00:00.000Z', (meta) => award(1200, meta)); // straight to gold: only the tier entered pays (+250)
    c.run('2026-01-05T00:00:00.000Z', (meta) => award(520, meta));
    // Due 2026-01-09; the window is the 6 months before that: only the 520.
    const down = c.run('2026-01-10T00:00:00.000Z', assessLast6Months);
    expect(down).toMatchObject([
      {
        type: T.TierChanged,
        direction: 'down',
        trigger: 'assessment',
        fromTierId: 'gold',
        toTierId: 'silver',
        tierPoint: 520,
        triggerReward: false,
      },
    ]);
    expect(c.state()).toMatchObject({ tierId: 'silver', tierPoint: 520, points: 1200 + 250 + 520 });
    const later = c.run('2027-01-10T00:00:00.000Z', assessLast6Months);
    expect(later).toMatchObject([{ type: T.TierChanged, toTierId: 'bronze', tierPoint: 0 }]);
    expect(c.run('2028-06-01T00:00:00.000Z', assess)).toEqual([]);
  });

  it('warns 28, 14 and 1 day before the review with what the window holds; a missed warning is not sent late', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    c.run('2025-03-01T12:00:00.000Z', (meta) => award(600, meta)); // Silver; review due 2026-03-01 12:00
    c.run('2025-10-01T00:00:00.000Z', (meta) => award(200, meta));
    expect(c.run('2026-02-01T11:59:59.000Z', warn)).toEqual([]);
    const first = c.run('2026-02-01T12:00:00.000Z', warn);
    // The 6-month window from 2025-09-01 holds the 200: 300 more keep Silver.
    expect(first).toMatchObject([
      {
        type: T.TierReviewWarned,
        daysLeft: 28,
        tierName: 'Silver',
        reviewAt: '2026-03-01T12:00:00.000Z',
        windowPoints: 200,
        pointsToKeep: 300,
      },
    ]);
    expect(c.run('2026-02-02T00:00:00.000Z', warn)).toEqual([]);
    // The scheduler was down at the two-week mark: only the one-day warning goes out.
    expect(c.run('2026-02-28T13:00:00.000Z', warn)).toMatchObject([{ daysLeft: 1 }]);
    expect(c.run('2026-02-28T14:00:00.000Z', warn)).toEqual([]);
    expect(c.run('2026-03-01T12:00:00.000Z', warn)).toEqual([]);
  });

  it('refunded points leave the window: revoked order points count against it', () => {
    const c = enrolledRun('2025-01-01T00:00:00.000Z', { baseTier: tiers[0] });
    c.run('2025-01-10T00:00:00.000Z', (meta) =>
      recordOrder(meta, 'o', 60_000, { orderName: null, earning: earningRule({ programId: 'p' }), tiers }),
    );
    c.run('2025-02-10T00:00:00.000Z', (meta) => recordRefund(meta, 'o', 'r', 30_000));
    // 600 earned + 100 bonus - 300 revoked = 400 < 500.
    expect(c.run('2026-01-10T00:00:00.000Z', assess)).toMatchObject([
      { type: T.TierChanged, toTierId: 'bronze', tierPoint: 400 },
    ]);
  });
});
