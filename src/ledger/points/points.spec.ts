import { CustomerCommand } from '../customer-ledger';
import { CustomerEventType as T } from '../customer-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { ADA, AT, givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs, pointsEvent: points, awarded } = givenCustomer(ADA);
const enrolled = enrolledAs({ firstName: 'Ada', lastName: 'Lovelace' });
const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500 },
  { id: 'gold', name: 'Gold', targetPoint: 1500 },
];

/** A manual change's request, with every note, so the event can be asserted in full. */
const request = (value: number, extra: Record<string, unknown> = {}) => ({
  points: value,
  source: 'rest_api',
  event: 'earn_point_rest_api',
  adminNote: 'admin',
  userNote: 'thanks',
  reason: 'support',
  ...extra,
});

const award = (value: number, extra: Record<string, unknown> = {}): CustomerCommand => ({
  type: 'AwardPoints',
  meta: meta(),
  request: request(value, extra),
  tiers,
});

describe('customer ledger: points', () => {
  it('awards points with the values it used, so the transaction can be rebuilt from the event', () => {
    spec
      .given([enrolled])
      .when(award(100))
      .then([
        {
          type: T.PointsAwarded,
          eventId: 'n-1',
          occurredAt: AT,
          shopId: 'shop-1',
          customerId: 'cust-1',
          transactionId: 'n-2',
          platformCustomerId: 42,
          email: 'ada@example.com',
          oldPoint: 0,
          newPoint: 100,
          points: 100,
          source: 'rest_api',
          event: 'earn_point_rest_api',
          adminNote: 'admin',
          userNote: 'thanks',
          reason: 'support',
          idempotencyKey: null,
          requestHash: null,
        },
      ]);
  });

  it('refuses zero, negative, fractional and oversized awards, naming the field', () => {
    for (const bad of [0, -5, 1.5, 2_000_000_000]) {
      expect(spec.given([enrolled]).when(award(bad)).thenThrows('BAD_REQUEST', 400).details).toEqual({
        field: 'point',
      });
    }
  });

  it('refuses points for a customer that is not enrolled', () => {
    spec.given([]).when(award(10)).thenThrows('NOT_FOUND', 404);
  });

  it('deducts down to exactly zero but never below', () => {
    const deduct = (n: number): CustomerCommand => ({ type: 'DeductPoints', meta: meta(), request: request(n) });
    spec
      .given([enrolled, awarded(100, 0)])
      .when(deduct(100))
      .thenMatches([{ type: T.PointsDeducted, oldPoint: 100, newPoint: 0, points: 100 }]);
    const error = spec
      .given([enrolled, awarded(100, 0)])
      .when(deduct(101))
      .thenThrows('INSUFFICIENT_POINTS', 400);
    expect(error.details).toEqual({ balance: 100, requested: 101 });
  });

  /** A customer with a balance of 50. */
  const withFifty = () => spec.given([enrolled, awarded(50, 0)]);

  it('adjusts by a signed amount, never below zero and never by zero', () => {
    const adjust = (n: number): CustomerCommand => ({ type: 'AdjustPoints', meta: meta(), request: request(n), tiers });
    withFifty()
      .when(adjust(-20))
      .thenMatches([{ type: T.PointsAdjusted, points: -20, oldPoint: 50, newPoint: 30 }]);
    withFifty()
      .when(adjust(25))
      .thenMatches([{ type: T.PointsAdjusted, points: 25, newPoint: 75 }]);
    withFifty().when(adjust(-51)).thenThrows('INSUFFICIENT_POINTS');
    spec.given([enrolled]).when(adjust(0)).thenThrows('BAD_REQUEST');
  });

  it('resets the balance to a value of zero or more', () => {
    const reset = (n: number): CustomerCommand => ({ type: 'ResetPoints', meta: meta(), request: request(n) });
    withFifty()
      .when(reset(7))
      .thenMatches([{ type: T.PointsReset, resetTo: 7, oldPoint: 50, newPoint: 7 }]);
    withFifty()
      .when(reset(0))
      .thenMatches([{ newPoint: 0 }]);
    spec.given([enrolled]).when(reset(-1)).thenThrows('BAD_REQUEST');
  });

  it('counts awards and positive adjustments as earned; deductions, negative adjustments and resets do not lower it', () => {
    const state = spec.given([
      enrolled,
      awarded(100, 0),
      points(T.PointsAdjusted, { points: 40, oldPoint: 100, newPoint: 140 }),
      points(T.PointsAdjusted, { points: -30, oldPoint: 140, newPoint: 110 }),
      points(T.PointsDeducted, { points: 10, oldPoint: 110, newPoint: 100 }),
      points(T.PointsReset, { resetTo: 5, oldPoint: 100, newPoint: 5 }),
    ]).state;
    expect(state).toMatchObject({ points: 5, tierPoint: 140, totalEarned: 140 });
  });
});

describe('customer ledger: idempotency keys', () => {
  const keyed = (value: number, hash: string) => award(value, { idempotency: { key: 'k-1', requestHash: hash } });
  const first = awarded(100, 0, { idempotencyKey: 'k-1', requestHash: 'h-1', transactionId: 't-1' });

  it('a repeat of the same request with the same key appends nothing', () => {
    spec.given([enrolled, first]).when(keyed(100, 'h-1')).thenNothing();
  });

  it('the same key with another request is a conflict', () => {
    spec.given([enrolled, first]).when(keyed(100, 'h-2')).thenThrows('IDEMPOTENCY_CONFLICT', 409);
  });

  it('remembers every key however many were applied: the first of 5,000 still replays and still conflicts', () => {
    const history = [enrolled];
    for (let i = 0; i < 5000; i++) {
      history.push(awarded(1, i, { idempotencyKey: `k-${i}`, requestHash: `h-${i}`, transactionId: `t-${i}` }));
    }
    const earliest = (hash: string) => award(1, { idempotency: { key: 'k-0', requestHash: hash } });
    spec.given(history).when(earliest('h-0')).thenNothing();
    spec.given(history).when(earliest('h-other')).thenThrows('IDEMPOTENCY_CONFLICT', 409);
    spec
      .given(history)
      .when(award(1, { idempotency: { key: 'k-5000', requestHash: 'h-5000' } }))
      .thenMatches([
        { idempotencyKey: 'k-5000', oldPoint: 5000, newPoint: 5001 },
        // The history's awards carry no tier moves; this one's tier points pass the top rung.
        { type: T.TierChanged, toTierId: 'gold' },
      ]);
  });

  it('records the key and request hash on the event', () => {
    spec
      .given([enrolled])
      .when(keyed(5, 'h-9'))
      .thenMatches([{ idempotencyKey: 'k-1', requestHash: 'h-9' }]);
  });
});
