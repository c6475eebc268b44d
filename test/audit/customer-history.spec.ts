import { RecordedEvent } from '../../src/infrastructure/event-store/event-store.port';
import {
  activeCouponsOf,
  balancesOf,
  countAsOf,
  emptyHistory,
  evolveHistory,
  evolveOwnedHistory,
} from '../../src/audit/domain/customer-history';
import { customerDocOf } from '../../src/audit/domain/customer-record';
import { BLANK_PROFILE } from '../support/customer-ledger-given';
import { customerEvents } from '../support/customer-event-fixtures';
import { eventRecorder } from '../support/projection-spec';

const base = { shopId: 's1', customerId: 'c1' };
let revision = 0n;
const recorded = (type: string, occurredAt: string, data: Record<string, unknown>): RecordedEvent => ({
  id: `e${revision}`,
  streamId: 'customer-s1_c1',
  revision: revision++,
  position: { commit: 100n + revision, prepare: revision },
  type,
  data: { ...base, type, eventId: `e${revision}`, occurredAt, ...data },
  metadata: {},
  recordedAt: new Date('2030-01-01T00:00:00Z'),
});
const points = (n: number, oldPoint: number, extra: Record<string, unknown> = {}) => ({
  transactionId: `t${revision}`,
  platformCustomerId: 1,
  email: null,
  oldPoint,
  newPoint: oldPoint + n,
  points: n,
  source: 'rest_api',
  event: 'earn_point_rest_api',
  adminNote: null,
  userNote: null,
  reason: null,
  idempotencyKey: null,
  requestHash: null,
  ...extra,
});

/** The as-of rule and the figures the fold gives, on a hand-made stream. */
describe('customer history (the ledger fold, as of an instant)', () => {
  const events = [
    recorded('customer.enrolled.v1', '2026-01-01T10:00:00.000Z', {
      platformCustomerId: 1,
      email: null,
      ...BLANK_PROFILE,
      source: 'test',
    }),
    recorded('points.awarded.v1', '2026-01-02T10:00:00.000Z', points(100, 0)),
    // Stamped a millisecond before the event ahead of it (another process's clock).
    recorded('points.awarded.v1', '2026-01-02T09:59:59.999Z', points(20, 100)),
    recorded('points.awarded.v1', '2026-01-03T10:00:00.000Z', points(5, 120)),
  ];
  const at = (iso: string) => new Date(iso);

  it('counts the longest prefix whose events all took effect by then (the instant included)', () => {
    expect(countAsOf(events, null)).toBe(4);
    expect(countAsOf(events, at('2026-01-01T09:59:59.999Z'))).toBe(0);
    expect(countAsOf(events, at('2026-01-01T10:00:00.000Z'))).toBe(1);
    // The early-stamped third event counts from when the second one does, never before it.
    expect(countAsOf(events, at('2026-01-02T09:59:59.999Z'))).toBe(1);
    expect(countAsOf(events, at('2026-01-02T10:00:00.000Z'))).toBe(3);
    expect(countAsOf(events, at('2026-01-03T09:00:00.000Z'))).toBe(3);
    expect(countAsOf(events, at('2027-01-01T00:00:00.000Z'))).toBe(4);
  });

  it('folds with the ledger: balance, earned total, tier point, tier; the record times from occurredAt', () => {
    let history = emptyHistory();
    const after: unknown[] = [];
    for (const e of events) {
      history = evolveHistory(history, e);
      after.push(balancesOf(history));
    }
    expect(after).toEqual([
      { balance: 0, pendingPoints: 0, tierPoint: 0, tierId: 'bronze', tierName: 'Bronze', earnedTotal: 0 },
      { balance: 100, pendingPoints: 0, tierPoint: 100, tierId: 'bronze', tierName: 'Bronze', earnedTotal: 100 },
      { balance: 120, pendingPoints: 0, tierPoint: 120, tierId: 'bronze', tierName: 'Bronze', earnedTotal: 120 },
      { balance: 125, pendingPoints: 0, tierPoint: 125, tierId: 'bronze', tierName: 'Bronze', earnedTotal: 125 },
    ]);
    expect(history.revision).toBe(3n);
    expect(activeCouponsOf(history.state)).toEqual([]);
    expect(customerDocOf(history)).toMatchObject({
      id: 'c1',
      shopId: 's1',
      point: 125,
      totalEarnedPoints: 125,
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-03T10:00:00.000Z',
      tierUpdatedAt: '2026-01-01T10:00:00.000Z',
      lastActivityAt: '2026-01-03T10:00:00.000Z',
      streamRevision: '3',
    });
    // Nothing is a customer before the enrolment.
    expect(customerDocOf(emptyHistory())).toBeNull();
  });

  it('folds the same written into one history as into a copy per event, leaving the copies as they were', () => {
    let copied = emptyHistory();
    const kept: unknown[] = [];
    let owned = emptyHistory();
    for (const e of events) {
      copied = evolveHistory(copied, e);
      kept.push(structuredClone(copied));
      owned = evolveOwnedHistory(owned, e);
      expect(owned).toEqual(copied);
    }
    // The copying fold never changed a history it had handed out.
    let again = emptyHistory();
    events.forEach((e, i) => {
      again = evolveHistory(again, e);
      expect(again).toEqual(kept[i]);
    });
  });

  it('folds a stream of awards, orders, redemptions, refunds and coupons the same both ways', () => {
    const e = customerEvents('s1', 'c2', 2);
    const record = eventRecorder();
    const stream = [
      e.enrolled('2026-02-01T10:00:00.000Z'),
      e.awarded('2026-02-01T11:00:00.000Z', 't1', 0, 500),
      e.orderRecorded('2026-02-02T10:00:00.000Z', 'o1', 12_500),
      e.redeemed('2026-02-03T10:00:00.000Z', 't2', 500, 200, 'r1'),
      e.couponUsed('2026-02-03T11:00:00.000Z', 'r1', 'o2'),
      e.redeemed('2026-02-04T10:00:00.000Z', 't3', 300, 100, 'r2'),
      e.refunded('2026-02-05T10:00:00.000Z', 't4', 200, 100, 'r2'),
      e.redeemed('2026-02-06T10:00:00.000Z', 't5', 300, 100, 'r3'),
      e.couponExpired('2026-02-07T10:00:00.000Z', 'r3'),
      e.deducted('2026-02-08T10:00:00.000Z', 't6', 200, 50),
    ].map(record);
    let copied = emptyHistory();
    let owned = emptyHistory();
    for (const event of stream) {
      copied = evolveHistory(copied, event);
      owned = evolveOwnedHistory(owned, event);
      expect(owned).toEqual(copied);
    }
    expect(balancesOf(owned).balance).toBe(150);
  });
});
