import { CustomerCommand } from '../../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { givenCustomer, ledgerSpec as spec } from '../../../../test/support/customer-ledger-given';
import { impactOutcomeStatus, ProviderOutcome } from './impact-status';
import {
  addFigures,
  balanceChange,
  liabilityMovement,
  NO_POSITION,
  noFigures,
} from '../../../audit/liability/liability-movements';

const { meta, enrolled: enrolledAs } = givenCustomer();
const enrolled = enrolledAs({ tierId: null, tierName: null });

describe('customer ledger: environmental impact', () => {
  const funded: CustomerEvent[] = [
    enrolled,
    ...spec
      .given([enrolled])
      .when({ type: 'AwardPoints', meta: meta(), request: { points: 700, source: 'rest_api', event: 'x' }, tiers: [] })
      .events(),
  ];
  const redeem = (points: number, impactId = 'imp-1', limitPerCustomer: number | null = null): CustomerCommand => ({
    type: 'RedeemImpact',
    meta: meta(),
    program: { programId: 'p-trees', programTitle: 'Plant a tree', event: 'environmental_impact' },
    points,
    quantity: 2,
    impactId,
    rule: { provider: 'Evergreen', unit: 'trees', quantity: 3 },
    source: 'source_headless',
    limitPerCustomer,
    idempotency: null,
  });
  const outcome = (o: ProviderOutcome, impactId = 'imp-1'): CustomerCommand => ({
    type: 'RecordImpactOutcome',
    meta: meta(),
    impactId,
    outcome: o,
  });
  const failed: ProviderOutcome = { kind: 'failed', reason: 'HTTP 503' };
  const redeemed = () => [...funded, ...spec.given(funded).when(redeem(400)).events()];

  it('spends the points as a redemption and records the contribution, pending, before anything is sent', () => {
    spec
      .given(funded)
      .when(redeem(400))
      .thenMatches([
        { type: T.PointsRedeemed, points: 400, oldPoint: 700, newPoint: 300 },
        {
          type: T.ImpactRecorded,
          impactId: 'imp-1',
          couponCode: 'impact-imp-1',
          provider: 'Evergreen',
          unit: 'trees',
          quantity: 6,
          points: 400,
          status: 'pending',
        },
      ]);
  });

  it('refuses what every redemption refuses: more than the balance, the per-customer limit', () => {
    spec.given(funded).when(redeem(701)).thenThrows('INSUFFICIENT_POINTS', 400);
    spec
      .given(redeemed())
      .when(redeem(100, 'imp-2', 1))
      .thenThrows('LIMIT_REACHED', 400);
  });

  it('a provider failure returns the points once, however often it is reported', () => {
    const history = redeemed();
    const refunded = spec
      .given(history)
      .when(outcome(failed))
      .thenMatches([
        { type: T.CouponRefunded, points: 400, oldPoint: 300, newPoint: 700, couponCode: 'impact-imp-1' },
        { type: T.ImpactStatusChanged, impactId: 'imp-1', status: 'refunded', previousStatus: 'pending' },
      ]);
    spec
      .given([...history, ...refunded])
      .when(outcome(failed))
      .thenNothing();
    spec
      .given([...history, ...refunded])
      .when(outcome({ kind: 'answered', status: 'failed' }))
      .thenNothing();
  });

  it('a refunded contribution no longer counts against the per-customer limit', () => {
    const history = redeemed();
    const refunded = [...history, ...spec.given(history).when(outcome(failed)).events()];
    spec
      .given(refunded)
      .when(redeem(100, 'imp-2', 1))
      .thenMatches([{ type: T.PointsRedeemed }, { type: T.ImpactRecorded, impactId: 'imp-2' }]);
  });

  it('confirms by default; unknown provider statuses pass through unchanged; the same status twice changes nothing', () => {
    const history = redeemed();
    spec
      .given(history)
      .when(outcome({ kind: 'answered', status: null }))
      .thenMatches([{ type: T.ImpactStatusChanged, status: 'confirmed', previousStatus: 'pending' }]);
    const planted = spec
      .given(history)
      .when(outcome({ kind: 'answered', status: 'queued_for_planting' }))
      .thenMatches([{ type: T.ImpactStatusChanged, status: 'queued_for_planting' }]);
    spec
      .given([...history, ...planted])
      .when(outcome({ kind: 'answered', status: 'queued_for_planting' }))
      .thenNothing();
    // A contribution confirmed first and failed later still returns its points, once.
    spec
      .given([...history, ...planted])
      .when(outcome(failed))
      .thenMatches([
        { type: T.CouponRefunded, points: 400 },
        { type: T.ImpactStatusChanged, status: 'refunded' },
      ]);
  });

  it('an outcome for no contribution of the customer is refused', () => {
    spec.given(funded).when(outcome(failed, 'nope')).thenThrows('NOT_FOUND', 404);
  });

  it('a refund of the contribution as a coupon is refused (only the provider fails it)', () => {
    spec
      .given(redeemed())
      .when({ type: 'RefundCoupon', meta: meta(), couponCode: 'impact-imp-1', reason: null, source: 'rest_api' })
      .thenThrows('BAD_REQUEST', 400);
  });

  it('maps provider answers: failed statuses refund, others pass through', () => {
    expect(impactOutcomeStatus({ kind: 'answered', status: 'success' })).toBe('confirmed');
    expect(impactOutcomeStatus({ kind: 'answered', status: 'REJECTED' })).toBe('refunded');
    expect(impactOutcomeStatus({ kind: 'answered', status: 'verified_by_partner' })).toBe('verified_by_partner');
    expect(impactOutcomeStatus(failed)).toBe('refunded');
  });

  it('keeps the liability roll-forward identity: the spend is redeemed, its refund a negative redemption', () => {
    const history = redeemed();
    const all = [...history, ...spec.given(history).when(outcome(failed)).events()];
    let position = NO_POSITION;
    const figures = noFigures();
    for (const event of all) {
      const moved = liabilityMovement(event, position);
      addFigures(figures, moved.figures);
      position = moved.after;
    }
    expect(figures).toMatchObject({ issuedManual: 700, redeemedSpent: 400, couponRefunds: 400 });
    expect(balanceChange(figures)).toBe(position.balance);
    expect(position.balance).toBe(700);
  });
});
