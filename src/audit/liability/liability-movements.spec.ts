import { CustomerEvent, CustomerEventType as T } from '../../ledger/customer-events';
import { customerEvents } from '../../../test/support/customer-event-fixtures';
import {
  addFigures,
  balanceChange,
  issueSource,
  LiabilityFigures,
  liabilityMovement,
  LiabilityPosition,
  NO_POSITION,
  noFigures,
  pendingChange,
} from './liability-movements';

const at = '2026-03-02T10:00:00.000Z';
const ann = customerEvents('s1', 'ann', 101);
const asEvent = ({ streamId: _stream, ...event }: { streamId: string }) => event as unknown as CustomerEvent;
const program = { programId: 'p', programTitle: 'P', earnBy: null, rateMoney: null };
const order = { orderId: 'o-1', orderName: '#1', currency: 'USD' };

/** Given a customer's position, when an event comes, then the figures it adds and the position after. */
function given(before: LiabilityPosition) {
  return {
    when: (event: CustomerEvent) => {
      const { figures, after } = liabilityMovement(event, before);
      return {
        then: (want: Partial<LiabilityFigures>, position?: LiabilityPosition) => {
          expect(figures).toEqual(want);
          if (position) expect(after).toEqual(position);
        },
      };
    },
  };
}

const awarded = (fields: Record<string, unknown>, oldPoint = 0, points = 50) =>
  ({ ...asEvent(ann.awarded(at, 'tx', oldPoint, points)), ...fields }) as CustomerEvent;
const withType = (type: string, fields: Record<string, unknown>) =>
  ({ eventId: 'e', occurredAt: at, shopId: 's1', customerId: 'ann', type, ...fields }) as unknown as CustomerEvent;

describe('liability movements (one classification of every customer event)', () => {
  it('an award issues what it moved, by source; a customer leaving 0 counts as gained', () => {
    given(NO_POSITION).when(awarded({})).then({ issuedManual: 50, customersGained: 1 }, { balance: 50, held: {} });
    given({ balance: 10, held: {} })
      .when(awarded({ program, event: 'sign_up' }, 10))
      .then({ issuedPrograms: 50 });
    given({ balance: 10, held: {} })
      .when(awarded({ program, order, event: 'place_order' }, 10))
      .then({ issuedOrders: 50 });
    given({ balance: 10, held: {} })
      .when(awarded({ tierReward: { tierId: 't', tierChangedEventId: 'e' }, event: 'tier_reward' }, 10))
      .then({ issuedTierRewards: 50 });
    given({ balance: 10, held: {} })
      .when(awarded({ program, event: 'milestone_mixed' }, 10))
      .then({ issuedMilestones: 50 });
    given({ balance: 10, held: {} })
      .when(awarded({ program, event: 'referral' }, 10))
      .then({ issuedReferrals: 50 });
  });

  it('order points held are apart from the balance; their release issues them and empties the hold', () => {
    const pending = withType(T.PointsPending, { points: 400, order, program, releaseAt: at, transactionId: 'h' });
    given({ balance: 20, held: {} })
      .when(pending)
      .then({ pendingHeld: 400 }, { balance: 20, held: { 'o-1': 400 } });
    const cancelled = withType(T.PendingPointsCancelled, {
      orderId: 'o-1',
      points: 100,
      remaining: 300,
      pendingTransactionId: 'h',
      cause: 'order_refunded',
    });
    given({ balance: 20, held: { 'o-1': 400 } })
      .when(cancelled)
      .then({ pendingCancelled: 100 }, { balance: 20, held: { 'o-1': 300 } });
    const release = awarded({ program, order, event: 'place_order', releasesPending: true }, 20, 300);
    given({ balance: 20, held: { 'o-1': 300 } })
      .when(release)
      .then({ issuedOrders: 300, pendingReleased: 300 }, { balance: 320, held: {} });
  });

  it('spending, coupon refunds, expiry, reversals and manual changes move the balance with their sign', () => {
    given({ balance: 570, held: {} })
      .when(asEvent(ann.redeemed(at, 'tx', 570, 500, 'r')))
      .then({ redeemedSpent: 500 });
    given({ balance: 70, held: {} })
      .when(asEvent(ann.refunded(at, 'tx', 70, 500, 'r')))
      .then({ couponRefunds: 500 });
    given({ balance: 100, held: {} })
      .when(asEvent(ann.deducted(at, 'tx', 100, 100)))
      .then({ adjusted: -100, customersLost: 1 }, { balance: 0, held: {} });
    const expired = withType(T.PointsExpired, { oldPoint: 1550, newPoint: 0, points: 1550 });
    given({ balance: 1550, held: {} }).when(expired).then({ expired: 1550, customersLost: 1 });
    const revoked = withType(T.PointsRevoked, { oldPoint: 70, newPoint: 50, points: 20 });
    given({ balance: 70, held: {} }).when(revoked).then({ reversed: 20 });
    const reset = withType(T.PointsReset, { oldPoint: 80, newPoint: 200, resetTo: 200 });
    given({ balance: 80, held: {} }).when(reset).then({ adjusted: 120 });
    const adjusted = withType(T.PointsAdjusted, { oldPoint: 80, newPoint: 50, points: -30 });
    given({ balance: 80, held: {} }).when(adjusted).then({ adjusted: -30 });
  });

  it('the amount is what the recorded balance moved from the position (so the figures add up to the fold)', () => {
    // An award recorded on top of 40 while the position says 30: the balance moved by 60, not 50.
    given({ balance: 30, held: {} })
      .when(awarded({}, 40, 50))
      .then({ issuedManual: 60 }, { balance: 90, held: {} });
  });

  it('events that move no points add nothing', () => {
    const position = { balance: 5, held: { 'o-1': 7 } };
    for (const event of [
      asEvent(ann.enrolled(at)),
      asEvent(ann.orderRecorded(at, 'o-2', 1000)),
      asEvent(ann.couponUsed(at, 'r', 'o-2')),
      asEvent(ann.couponExpired(at, 'r')),
      withType(T.PersonalDataErased, { requestId: 'x', request: 'api', source: 'api' }),
      withType(T.TierChanged, { toTierId: 't', toTierName: 'Gold', direction: 'up' }),
    ])
      given(position).when(event).then({}, position);
  });

  it('the identity: figures added up give the balance change and the change of held points', () => {
    const f = addFigures(noFigures(), { issuedOrders: 300, issuedManual: 7, redeemedSpent: 500, couponRefunds: 500 });
    addFigures(f, { expired: 107, adjusted: -3, reversed: 20, pendingHeld: 400, pendingReleased: 300 });
    expect(balanceChange(f)).toBe(300 + 7 - (500 - 500) - 107 - 3 - 20);
    expect(pendingChange(f)).toBe(100);
  });

  it('an award with no program, order or tier reward is manual', () => {
    expect(issueSource(awarded({}) as never)).toBe('issuedManual');
  });
});
