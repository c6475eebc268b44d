import { CustomerCommand } from '../customer-ledger';
import { CommandMeta } from '../customer-stream';
import { CustomerEventType as T } from '../customer-events';
import { DomainError } from '../../shared/domain/domain-error';
import { earningLimitStatus } from '../earning-limit/earning-limit.decisions';
import { EarningLimitPolicy } from '../../shops/domain/shop-events';
import {
  earningRule,
  enrolledOnGoldLadder as enrolled,
  GOLD_LADDER,
  paidOrder,
  releasePending,
} from '../../../test/support/customer-ledger-given';

describe('global earning limit', () => {
  const limit = (extra: Partial<EarningLimitPolicy> = {}): EarningLimitPolicy => ({
    enabled: true,
    maxPoints: 100,
    period: 'month',
    tiers: [],
    ...extra,
  });
  const social =
    (points: number, earningLimit: EarningLimitPolicy | null, programId = 'p-social') =>
    (meta: CommandMeta): CustomerCommand => ({
      type: 'EarnFromProgram',
      meta,
      program: { programId, programTitle: 'Follow', event: 'follow_photo', points, once: true },
      source: 'test',
      tiers: GOLD_LADDER,
      earningLimit,
    });

  it('caps a payment to what is left in the period, then refuses with LIMIT_REACHED; the next period starts afresh', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', social(70, limit(), 'a'))[0]).toMatchObject({ points: 70 });
    expect(l.run('2026-03-06T00:00:00.000Z', social(70, limit(), 'b'))[0]).toMatchObject({ points: 30, newPoint: 100 });
    let error: unknown;
    try {
      l.run('2026-03-07T00:00:00.000Z', social(10, limit(), 'c'));
    } catch (e) {
      error = e;
    }
    expect((error as DomainError).code).toBe('LIMIT_REACHED');
    expect(earningLimitStatus(l.state(), limit(), '2026-03-07T00:00:00.000Z')).toEqual({
      reached: true,
      resetDate: '2026-04-01T00:00:00.000Z',
    });
    expect(l.run('2026-04-01T00:00:00.000Z', social(10, limit(), 'c'))[0]).toMatchObject({ points: 10 });
  });

  it('orders are never refused: they earn what is left (0 when nothing is)', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', paidOrder('1', 8_000, earningRule(), limit()))[1]).toMatchObject({
      type: T.PointsAwarded,
      points: 80,
    });
    expect(l.run('2026-03-06T00:00:00.000Z', paidOrder('2', 8_000, earningRule(), limit()))[1]).toMatchObject({
      type: T.PointsAwarded,
      points: 20,
    });
    expect(l.run('2026-03-07T00:00:00.000Z', paidOrder('3', 8_000, earningRule(), limit())).map((e) => e.type)).toEqual(
      [T.OrderRecorded],
    );
    expect(l.state().points).toBe(100);
  });

  it("a tier's own cap overrides the shop's; a tier with no cap is unlimited", () => {
    const l = enrolled();
    const perTier = limit({ tiers: [{ tierId: 'bronze', maxPoints: 10 }] });
    expect(l.run('2026-03-05T00:00:00.000Z', social(50, perTier, 'a'))[0]).toMatchObject({ points: 10 });
    const unlimited = limit({
      tiers: [
        { tierId: 'bronze', maxPoints: null },
        { tierId: 'gold', maxPoints: null },
      ],
    });
    expect(l.run('2026-03-05T00:00:00.000Z', social(5_000, unlimited, 'b'))[0]).toMatchObject({ points: 5_000 });
    expect(earningLimitStatus(l.state(), unlimited, '2026-03-05T00:00:00.000Z')).toEqual({
      reached: false,
      resetDate: '',
    });
  });

  it('held order points count when they are held, not again at release; manual awards are not capped', () => {
    const l = enrolled();
    l.run('2026-03-05T00:00:00.000Z', paidOrder('1', 6_000, earningRule({ pendingDays: 1 }), limit()));
    l.run('2026-03-07T00:00:00.000Z', releasePending);
    expect(l.run('2026-03-08T00:00:00.000Z', social(100, limit(), 'a'))[0]).toMatchObject({ points: 40 });
    const manual = l.run('2026-03-08T00:00:00.000Z', (meta) => ({
      type: 'AwardPoints',
      meta,
      request: { points: 500, source: 'rest_api', event: 'x' },
      tiers: GOLD_LADDER,
    }));
    expect(manual[0]).toMatchObject({ points: 500 });
  });

  it('a disabled limit changes nothing', () => {
    const l = enrolled();
    expect(l.run('2026-03-05T00:00:00.000Z', social(5_000, limit({ enabled: false })))[0]).toMatchObject({
      points: 5_000,
    });
  });
});
