import { CustomerCommand } from '../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { ADA, AT, givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs, pointsEvent: points, awarded } = givenCustomer(ADA);
const enrolled = enrolledAs({ firstName: 'Ada', lastName: 'Lovelace' });

/** The scheduler's run: after the last activity (AT) and after the inactivity cutoff. */
const RUN_AT = '2026-09-01T00:00:00.000Z';
const CUTOFF = '2026-06-01T00:00:00.000Z';
/** The cycle an inactivity expiry answers: the last activity. */
const CYCLE = AT;

const expire = (fields: Partial<Extract<CustomerCommand, { type: 'ExpirePoints' }>> = {}): CustomerCommand => ({
  type: 'ExpirePoints',
  meta: meta(RUN_AT),
  policy: 'inactivity',
  cycle: CYCLE,
  inactiveSince: CUTOFF,
  ...fields,
});

const warn = (daysLeft: number, fields: Partial<Extract<CustomerCommand, { type: 'WarnExpiry' }>> = {}) =>
  ({
    type: 'WarnExpiry',
    meta: meta(RUN_AT),
    cycle: CYCLE,
    daysLeft,
    expiresAt: '2026-09-08T00:00:00.000Z',
    inactiveSince: CUTOFF,
    ...fields,
  }) as CustomerCommand;

const expired = (cycle = CYCLE): CustomerEvent =>
  points(T.PointsExpired, { points: 100, oldPoint: 100, newPoint: 0, policy: 'inactivity', cycle });

const warned = (daysLeft: number): CustomerEvent =>
  ({
    type: T.PointsExpiryWarned,
    eventId: 'w',
    occurredAt: RUN_AT,
    ...ADA,
    points: 100,
    daysLeft,
    expiresAt: '2026-09-08T00:00:00.000Z',
    cycle: CYCLE,
  }) as CustomerEvent;

/** An award after the cutoff: the customer was active since, so nothing expires. */
const lateAward = points(T.PointsAwarded, {
  points: 10,
  oldPoint: 100,
  newPoint: 110,
  occurredAt: '2026-07-01T00:00:00.000Z',
});

describe('customer ledger: points expiry', () => {
  it('expires the whole balance of an inactive customer, with the values it used', () => {
    spec
      .given([enrolled, awarded(100, 0)])
      .when(expire())
      .then([
        {
          type: T.PointsExpired,
          eventId: 'n-1',
          occurredAt: RUN_AT,
          shopId: 'shop-1',
          customerId: 'cust-1',
          transactionId: 'n-2',
          platformCustomerId: 42,
          email: 'ada@example.com',
          oldPoint: 100,
          newPoint: 0,
          points: 100,
          source: 'scheduler',
          event: 'points_expired',
          adminNote: null,
          userNote: null,
          reason: null,
          idempotencyKey: null,
          requestHash: null,
          policy: 'inactivity',
          cycle: CYCLE,
        },
      ]);
  });

  it('expires a cycle once: a second run of the same cycle decides nothing, even on a new balance', () => {
    spec
      .given([enrolled, awarded(100, 0), expired(), awarded(50, 0)])
      .when(expire())
      .thenNothing();
  });

  it('spares a customer active since the cutoff (an award after the scan cancels the expiry)', () => {
    spec
      .given([enrolled, awarded(100, 0), lateAward])
      .when(expire())
      .thenNothing();
  });

  it('has nothing to expire on a balance of zero', () => {
    spec.given([enrolled]).when(expire()).thenNothing();
  });

  it('expires on a fixed date whatever the activity, once per year', () => {
    const yearly = expire({ policy: 'fixed_date', cycle: '2026', inactiveSince: undefined });
    spec
      .given([enrolled, awarded(100, 0)])
      .when(yearly)
      .thenMatches([{ type: T.PointsExpired, points: 100, newPoint: 0, policy: 'fixed_date', cycle: '2026' }]);
    spec
      .given([enrolled, awarded(100, 0), expired('2026'), awarded(50, 0)])
      .when(yearly)
      .thenNothing();
  });

  it('warns of an expiry to come, each warning once per cycle', () => {
    spec
      .given([enrolled, awarded(100, 0)])
      .when(warn(7))
      .then([
        {
          type: T.PointsExpiryWarned,
          eventId: 'n-1',
          occurredAt: RUN_AT,
          shopId: 'shop-1',
          customerId: 'cust-1',
          platformCustomerId: 42,
          email: 'ada@example.com',
          points: 100,
          daysLeft: 7,
          expiresAt: '2026-09-08T00:00:00.000Z',
          cycle: CYCLE,
        },
      ]);
    spec
      .given([enrolled, awarded(100, 0), warned(7)])
      .when(warn(7))
      .thenNothing();
    spec
      .given([enrolled, awarded(100, 0), warned(7)])
      .when(warn(3))
      .thenMatches([{ daysLeft: 3 }]);
  });

  it('gives no warning for a cycle already expired, nor to a customer active since the cutoff', () => {
    spec
      .given([enrolled, awarded(100, 0), expired(), awarded(50, 0)])
      .when(warn(3))
      .thenNothing();
    spec
      .given([enrolled, awarded(100, 0), lateAward])
      .when(warn(3))
      .thenNothing();
  });

  it('refuses to expire or warn a customer that is not enrolled', () => {
    spec.given([]).when(expire()).thenThrows('NOT_FOUND', 404);
    spec.given([]).when(warn(7)).thenThrows('NOT_FOUND', 404);
  });
});
