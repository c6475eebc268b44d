import { customerLedger, CustomerCommand } from '../customer-ledger';
import { CustomerState } from '../customer-state';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { OrderEarningRule } from '../../programs/domain/order-earning';
import { DomainError } from '../../shared/domain/domain-error';
import { TierRung } from '../../tiers/domain/tier-rung';
import {
  AT,
  givenCustomer,
  GOLD_LADDER,
  ledgerSpec as spec,
  recordOrder,
} from '../../../test/support/customer-ledger-given';

/**
 * The ledger invariant: no event ever carries a point value that is not a whole, finite number,
 * nor a negative balance, whatever the command carries (a program recorded before configuration was
 * checked, a rule with a rate below one cent, amounts beyond every bound).
 */
const tiers = GOLD_LADDER;
const { meta, enrolled: enrolledAs } = givenCustomer();
const enrolled = enrolledAs();
const earn = (points: number): CustomerCommand => ({
  type: 'EarnFromProgram',
  meta: meta(),
  program: { programId: 'p', programTitle: 'Follow', event: 'follow_photo', points, once: false },
  source: 'rest_api',
  tiers,
});

/** An award of 1000 points, which lifts the customer into Gold on this ladder. */
const awardIntoGold = (ladder: TierRung[]): CustomerCommand => ({
  type: 'AwardPoints',
  meta: meta(),
  request: { points: 1000, source: 'rest_api', event: 'earn_point_rest_api' },
  tiers: ladder,
});

const POINT_KEY = /point|^resetTo$|^requested$|^shortfall$|^remaining$/i;

/** Every number in an event is finite; every point value a safe integer; balances never negative. */
function expectSoundAmounts(event: unknown, path = ''): void {
  for (const [key, value] of Object.entries(event as Record<string, unknown>)) {
    const at = `${path}${key}`;
    if (typeof value === 'number') {
      expect({ at, finite: Number.isFinite(value) }).toEqual({ at, finite: true });
      if (POINT_KEY.test(key)) expect({ at, whole: Number.isSafeInteger(value) }).toEqual({ at, whole: true });
      if (['oldPoint', 'newPoint', 'tierPoint'].includes(key)) expect(value).toBeGreaterThanOrEqual(0);
    } else if (value && typeof value === 'object') expectSoundAmounts(value, `${at}.`);
  }
}

describe('ledger invariant: point values are whole and finite', () => {
  it.each([1.5, Number.POSITIVE_INFINITY, 2 ** 60])(
    'given a tier whose entry bonus was recorded as %p points, when an award lifts the customer into it, then the award is refused with INVALID_AMOUNT',
    (bonusPoints) => {
      const ladder: TierRung[] = [tiers[0], { ...tiers[1], bonusPoints }];
      const error = spec.given([enrolled]).when(awardIntoGold(ladder)).thenThrows('INVALID_AMOUNT', 400);
      expect(error.message).toMatch(/(point|Point) = .*; nothing was written/);
    },
  );

  it('given the same tier with a whole bonus, when the award lifts the customer into it, then the bonus is paid', () => {
    const ladder: TierRung[] = [tiers[0], { ...tiers[1], bonusPoints: 50 }];
    const events = spec.given([enrolled]).when(awardIntoGold(ladder)).events();
    expect(events.map((e) => e.type)).toEqual([T.PointsAwarded, T.TierChanged, T.PointsAwarded]);
    expect(events[2]).toMatchObject({ points: 50, newPoint: 1050 });
  });

  it('given a place_order rule recorded with a rate below one cent, when an order is paid, then it earns nothing rather than a non-finite amount', () => {
    const legacy: OrderEarningRule = {
      programId: 'p',
      programTitle: 'Orders',
      earnBy: 'price',
      earnPoint: 1,
      rateMoney: 0.004,
      roundingMethod: 'round',
      autoRemovePoints: true,
    };
    const events = spec
      .given([enrolled])
      .when(recordOrder(meta(), '1', 5000, { earning: legacy, tiers }))
      .events();
    expect(events.map((e) => e.type)).toEqual([T.OrderRecorded]);
  });

  it('whatever numbers a long run of commands carries, every event it records has sound amounts', () => {
    // A small deterministic generator: the same run every time, so a failure is reproducible.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)];
    const numbers = [
      0,
      1,
      7,
      100,
      1.5,
      -1,
      -250,
      999_999_999,
      1_000_000_000,
      1_000_000_001,
      1e15,
      1e308,
      NaN,
      Infinity,
    ];
    const rates = [0.004, 0.01, 0.5, 1, 3.33, 1_000_000, 0, -1, NaN];
    let state: CustomerState = [enrolled].reduce(customerLedger.evolve, customerLedger.initialState());
    let recorded = 0;
    let refused = 0;
    let orders = 0;
    for (let i = 0; i < 3000; i++) {
      const at = new Date(Date.parse(AT) + i * 60_000).toISOString();
      const request = { points: pick(numbers), source: 'rest_api', event: 'x' };
      const orderId = String(1 + Math.floor(random() * Math.max(1, orders)));
      const commands: Array<() => CustomerCommand> = [
        () => ({ type: 'AwardPoints', meta: meta(at), request, tiers }),
        () => ({ type: 'DeductPoints', meta: meta(at), request }),
        () => ({
          type: 'AdjustPoints',
          meta: meta(at),
          request: { ...request, points: pick([...numbers, -7]) },
          tiers,
        }),
        () => ({ type: 'ResetPoints', meta: meta(at), request }),
        () => ({ ...earn(pick(numbers)), meta: meta(at) }),
        () =>
          recordOrder(meta(at), String(++orders), pick([0, 1, 999, 5000, 99_999_999_999, 1e15]), {
            earning: {
              programId: 'p',
              programTitle: 'Orders',
              earnBy: pick(['price', 'flat'] as const),
              earnPoint: pick(numbers),
              rateMoney: pick(rates),
              roundingMethod: pick(['round', 'floor', 'ceil'] as const),
              autoRemovePoints: true,
              pendingDays: pick([0, 0, 3]),
            },
            tiers,
          }),
        () => ({
          type: 'RecordRefund',
          meta: meta(at),
          orderId,
          refundId: `r${i}`,
          amountCents: pick([1, 100, 2500, 1e15]),
        }),
        () => ({ type: 'CancelOrder', meta: meta(at), orderId }),
        () => ({
          type: 'ReleasePendingPoints',
          meta: meta(new Date(Date.parse(at) + 5 * 86_400_000).toISOString()),
          tiers,
        }),
      ];
      let events: CustomerEvent[];
      try {
        events = customerLedger.decide(pick(commands)(), state);
      } catch (error) {
        expect(error).toBeInstanceOf(DomainError);
        refused++;
        continue;
      }
      for (const event of events) {
        expectSoundAmounts(event);
        state = customerLedger.evolve(state, event);
        recorded++;
      }
      expect(Number.isSafeInteger(state.points) && state.points >= 0).toBe(true);
    }
    // The run exercised both sides: many decisions recorded, many refused.
    expect(recorded).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(100);
  });
});
