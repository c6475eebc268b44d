import {
  customerLedger,
  CustomerCommand,
  CommandMeta,
  TierRung,
} from '../../src/ledger/domain/customer-ledger.decider';
import { CustomerEvent, CustomerEventType as T } from '../../src/ledger/events/customer-events';
import { deciderSpec, sequentialIds } from '../support/decider-spec';

const spec = deciderSpec(customerLedger);
const AT = '2026-03-01T10:00:00.000Z';
const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500 },
  { id: 'gold', name: 'Gold', targetPoint: 1500 },
];

function meta(): CommandMeta {
  return { shopId: 'shop-1', customerId: 'cust-1', occurredAt: AT, newId: sequentialIds('n') };
}

const enrolled: CustomerEvent = {
  type: T.Enrolled,
  eventId: 'e-0',
  occurredAt: '2026-01-01T00:00:00.000Z',
  shopId: 'shop-1',
  customerId: 'cust-1',
  platformCustomerId: 42,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  acceptsMarketing: false,
  platformCreatedAt: null,
  tierId: 'bronze',
  tierName: 'Bronze',
  source: 'platform',
};

function points(type: CustomerEvent['type'], fields: Record<string, unknown>): CustomerEvent {
  return {
    eventId: 'p',
    occurredAt: AT,
    shopId: 'shop-1',
    customerId: 'cust-1',
    transactionId: 't',
    platformCustomerId: 42,
    email: 'ada@example.com',
    source: 'rest_api',
    event: 'x',
    adminNote: null,
    userNote: null,
    reason: null,
    idempotencyKey: null,
    requestHash: null,
    type,
    ...fields,
  } as CustomerEvent;
}

const awarded = (pointsAwarded: number, oldPoint: number, extra: Record<string, unknown> = {}) =>
  points(T.PointsAwarded, { points: pointsAwarded, oldPoint, newPoint: oldPoint + pointsAwarded, ...extra });

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

describe('customer ledger: enrolment and profile', () => {
  it('enrols a new customer in the base tier with the profile it was given', () => {
    spec
      .given([])
      .when({
        type: 'EnrolCustomer',
        meta: meta(),
        platformCustomerId: 42,
        email: 'ada@example.com',
        firstName: 'Ada',
        lastName: 'Lovelace',
        acceptsMarketing: true,
        platformCreatedAt: null,
        baseTier: tiers[0],
        source: 'platform',
      })
      .then([
        {
          type: T.Enrolled,
          eventId: 'n-1',
          occurredAt: AT,
          shopId: 'shop-1',
          customerId: 'cust-1',
          platformCustomerId: 42,
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          acceptsMarketing: true,
          platformCreatedAt: null,
          tierId: 'bronze',
          tierName: 'Bronze',
          source: 'platform',
        },
      ]);
  });

  it('enrolling an enrolled customer changes nothing', () => {
    spec
      .given([enrolled])
      .when({
        type: 'EnrolCustomer',
        meta: meta(),
        platformCustomerId: 42,
        email: 'other@example.com',
        firstName: null,
        lastName: null,
        acceptsMarketing: false,
        platformCreatedAt: null,
        baseTier: null,
        source: 'platform',
      })
      .thenNothing();
  });

  it('records only the profile fields that changed', () => {
    spec
      .given([enrolled])
      .when({
        type: 'UpdateProfile',
        meta: meta(),
        email: 'ada@example.com',
        firstName: 'Augusta',
        lastName: 'Lovelace',
        source: 'platform',
      })
      .thenMatches([{ type: T.ProfileUpdated, changes: { firstName: 'Augusta' } }]);
  });

  it('an unchanged profile records nothing', () => {
    spec
      .given([enrolled])
      .when({ type: 'UpdateProfile', meta: meta(), email: 'ada@example.com', source: 'platform' })
      .thenNothing();
  });

  it('refuses to touch a customer that was never enrolled', () => {
    spec
      .given([])
      .when({ type: 'UpdateProfile', meta: meta(), email: 'x@example.com', source: 'platform' })
      .thenThrows('NOT_FOUND', 404);
  });
});

describe('customer ledger: birthday', () => {
  const setBirthday = (birthday?: string | null, dateOfBirth?: string | null): CustomerCommand => ({
    type: 'SetBirthday',
    meta: meta(),
    birthday,
    dateOfBirth,
    source: 'rest_api',
  });
  const withBirthday: CustomerEvent = {
    ...enrolled,
    type: T.BirthdaySet,
    eventId: 'b',
    birthday: '04/23',
    dateOfBirth: null,
    source: 'rest_api',
  } as CustomerEvent;

  it('sets a MM/DD birthday', () => {
    spec
      .given([enrolled])
      .when(setBirthday('04/23'))
      .thenMatches([{ type: T.BirthdaySet, birthday: '04/23', dateOfBirth: null }]);
  });

  it('accepts 02/29 but refuses days that do not exist and other formats', () => {
    spec
      .given([enrolled])
      .when(setBirthday('02/29'))
      .thenMatches([{ birthday: '02/29' }]);
    expect(spec.given([enrolled]).when(setBirthday('02/30')).thenThrows('BAD_REQUEST').details).toEqual({
      field: 'birthday',
    });
    spec.given([enrolled]).when(setBirthday('13/01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday('4/23')).thenThrows('BAD_REQUEST');
  });

  it('is write-once: a different birthday is refused, the same one is a no-op', () => {
    spec.given([enrolled, withBirthday]).when(setBirthday('05/01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled, withBirthday]).when(setBirthday('04/23')).thenNothing();
  });

  it('derives the birthday from dateOfBirth and keeps both', () => {
    spec
      .given([enrolled])
      .when(setBirthday(undefined, '1990-04-23'))
      .thenMatches([{ birthday: '04/23', dateOfBirth: '1990-04-23' }]);
  });

  it('adds a year to a known birthday when the days agree, refuses when they do not', () => {
    spec
      .given([enrolled, withBirthday])
      .when(setBirthday(undefined, '1990-04-23'))
      .thenMatches([{ birthday: '04/23', dateOfBirth: '1990-04-23' }]);
    spec.given([enrolled, withBirthday]).when(setBirthday(undefined, '1990-04-24')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday('04/23', '1990-04-24')).thenThrows('BAD_REQUEST');
  });

  it('refuses impossible or future dates of birth and an empty request', () => {
    spec.given([enrolled]).when(setBirthday(undefined, '1990-02-30')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday(undefined, '2030-01-01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday(undefined, undefined)).thenThrows('BAD_REQUEST');
  });
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

  it('adjusts by a signed amount, never below zero and never by zero', () => {
    const adjust = (n: number): CustomerCommand => ({ type: 'AdjustPoints', meta: meta(), request: request(n), tiers });
    spec
      .given([enrolled, awarded(50, 0)])
      .when(adjust(-20))
      .thenMatches([{ type: T.PointsAdjusted, points: -20, oldPoint: 50, newPoint: 30 }]);
    spec
      .given([enrolled, awarded(50, 0)])
      .when(adjust(25))
      .thenMatches([{ type: T.PointsAdjusted, points: 25, newPoint: 75 }]);
    spec
      .given([enrolled, awarded(50, 0)])
      .when(adjust(-51))
      .thenThrows('INSUFFICIENT_POINTS');
    spec.given([enrolled]).when(adjust(0)).thenThrows('BAD_REQUEST');
  });

  it('resets the balance to a value of zero or more', () => {
    const reset = (n: number): CustomerCommand => ({ type: 'ResetPoints', meta: meta(), request: request(n) });
    spec
      .given([enrolled, awarded(50, 0)])
      .when(reset(7))
      .thenMatches([{ type: T.PointsReset, resetTo: 7, oldPoint: 50, newPoint: 7 }]);
    spec
      .given([enrolled, awarded(50, 0)])
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

  it('records the key and request hash on the event', () => {
    spec
      .given([enrolled])
      .when(keyed(5, 'h-9'))
      .thenMatches([{ idempotencyKey: 'k-1', requestHash: 'h-9' }]);
  });
});

describe('customer ledger: tiers', () => {
  it('moves up when the tier point reaches the next target', () => {
    spec
      .given([enrolled, awarded(400, 0)])
      .when(award(100))
      .thenMatches([
        { type: T.PointsAwarded, newPoint: 500 },
        {
          type: T.TierChanged,
          fromTierId: 'bronze',
          toTierId: 'silver',
          toTierName: 'Silver',
          direction: 'up',
          trigger: 'points',
          tierPoint: 500,
        },
      ]);
  });

  it('jumps straight to the highest tier reached', () => {
    spec
      .given([enrolled])
      .when(award(2000))
      .thenMatches([
        { type: T.PointsAwarded },
        { type: T.TierChanged, fromTierId: 'bronze', toTierId: 'gold', tierPoint: 2000 },
      ]);
  });

  it('does not move below the next target, and spending does not move tiers', () => {
    spec
      .given([enrolled])
      .when(award(499))
      .thenMatches([{ type: T.PointsAwarded }]);
    spec
      .given([enrolled, awarded(600, 0)])
      .when({ type: 'DeductPoints', meta: meta(), request: request(600) })
      .thenMatches([{ type: T.PointsDeducted, newPoint: 0 }]);
  });

  it('a manual tier change records direction, notes and whether rewards are due', () => {
    spec
      .given([enrolled])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[2],
        tiers,
        isInitTier: false,
        triggerReward: false,
        adminNote: 'vip',
      })
      .thenMatches([
        {
          type: T.TierChanged,
          toTierId: 'gold',
          direction: 'up',
          trigger: 'manual',
          tierPoint: 0,
          triggerReward: false,
          adminNote: 'vip',
        },
      ]);
  });

  it('isInitTier starts the customer fresh at the tier target', () => {
    spec
      .given([
        enrolled,
        awarded(2000, 0),
        {
          ...enrolled,
          type: T.TierChanged,
          eventId: 't',
          email: 'ada@example.com',
          fromTierId: 'bronze',
          fromTierName: 'Bronze',
          toTierId: 'gold',
          toTierName: 'Gold',
          direction: 'up',
          trigger: 'points',
          tierPoint: 2000,
          isInitTier: false,
          triggerReward: true,
          adminNote: null,
        } as CustomerEvent,
      ])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[1],
        tiers,
        isInitTier: true,
        triggerReward: true,
        adminNote: null,
      })
      .thenMatches([{ type: T.TierChanged, toTierId: 'silver', direction: 'down', tierPoint: 500, isInitTier: true }]);
  });

  it('putting a customer in the tier they are in changes nothing', () => {
    spec
      .given([enrolled])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[0],
        tiers,
        isInitTier: false,
        triggerReward: true,
        adminNote: null,
      })
      .thenNothing();
  });
});

describe('customer ledger: orders', () => {
  const order: CustomerCommand = {
    type: 'RecordOrder',
    meta: meta(),
    orderId: '9001',
    orderName: '#1001',
    totalCents: 4990,
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
  };
  const recorded = {
    ...enrolled,
    type: T.OrderRecorded,
    eventId: 'o',
    orderId: '9001',
    orderName: '#1001',
    totalCents: 4990,
    currency: 'USD',
    sourceName: 'web',
    lineItems: [],
    platformCreatedAt: null,
  } as CustomerEvent;

  it('records an order once, however often it arrives', () => {
    spec
      .given([enrolled])
      .when(order)
      .thenMatches([{ type: T.OrderRecorded, orderId: '9001', totalCents: 4990 }]);
    spec.given([enrolled, recorded]).when(order).thenNothing();
    expect(spec.given([enrolled, recorded]).state).toMatchObject({ ordersCount: 1, totalSpentCents: 4990 });
  });

  it('a refund reduces the amount spent, never below what the order paid, and counts once', () => {
    const refund = (id: string, cents: number): CustomerCommand => ({
      type: 'RecordRefund',
      meta: meta(),
      orderId: '9001',
      refundId: id,
      amountCents: cents,
    });
    spec
      .given([enrolled, recorded])
      .when(refund('r1', 1000))
      .thenMatches([{ type: T.RefundRecorded, amountCents: 1000 }]);
    spec
      .given([enrolled, recorded])
      .when(refund('r1', 99999))
      .thenMatches([{ amountCents: 4990 }]);
    const refunded = {
      ...enrolled,
      type: T.RefundRecorded,
      eventId: 'r',
      orderId: '9001',
      refundId: 'r1',
      amountCents: 1000,
    } as CustomerEvent;
    spec.given([enrolled, recorded, refunded]).when(refund('r1', 1000)).thenNothing();
    expect(spec.given([enrolled, recorded, refunded]).state.totalSpentCents).toBe(3990);
  });

  it('a cancelled order no longer counts; cancelling twice or an unknown order does nothing', () => {
    const cancel = (orderId: string): CustomerCommand => ({ type: 'CancelOrder', meta: meta(), orderId });
    spec
      .given([enrolled, recorded])
      .when(cancel('9001'))
      .thenMatches([{ type: T.OrderCancelled, remainingCents: 4990 }]);
    const cancelled = {
      ...enrolled,
      type: T.OrderCancelled,
      eventId: 'c',
      orderId: '9001',
      remainingCents: 4990,
    } as CustomerEvent;
    expect(spec.given([enrolled, recorded, cancelled]).state).toMatchObject({ ordersCount: 0, totalSpentCents: 0 });
    spec.given([enrolled, recorded, cancelled]).when(cancel('9001')).thenNothing();
    spec.given([enrolled]).when(cancel('777')).thenNothing();
  });
});
