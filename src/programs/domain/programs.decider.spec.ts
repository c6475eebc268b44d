import { programsDecider } from './programs.decider';
import { ProgramEventType as T } from './program-events';
import { deciderSpec, sequentialIds } from '../../../test/support/decider-spec';

const spec = deciderSpec(programsDecider);
const meta = () => ({ shopId: 's', occurredAt: '2026-01-01T00:00:00.000Z', newId: sequentialIds('n') });
const create = (event: string, settings: Record<string, unknown>, kind: 'earning' | 'spending' = 'earning') => ({
  type: 'CreateProgram' as const,
  meta: meta(),
  programId: 'p1',
  kind,
  event,
  settings: { title: 'T', ...settings },
  tierIds: ['gold'],
});

describe('programs', () => {
  it('creates a place_order program with defaults', () => {
    spec
      .given([])
      .when(create('place_order', { earnPoint: 2, rateMoney: 5 }))
      .thenMatches([
        {
          type: T.Created,
          kind: 'earning',
          event: 'place_order',
          settings: expect.objectContaining({
            earnPoint: 2,
            rateMoney: 5,
            earnBy: 'price',
            roundingMethod: 'round',
            appliedSource: ['web', 'pos'],
            status: true,
            isDraft: false,
            autoRemovePoints: true,
          }),
        },
      ]);
  });

  // Each field's own rules (rateMoney 0, appliedSource [], earnPoint 1.5, a blank title...) are the earning
  // rule's schema's, specified in kinds/earning-rule.schema.spec.ts; the decider keeps the relations.
  it.each([
    ['unknown_event', {}, 'event'],
    ['place_order', { earnPoint: 0 }, 'earnPoint'],
    ['place_order', { earnPoint: 1, earnBy: 'price', rateMoney: null }, 'rateMoney'],
    ['sign_up', { earnPoint: 5, startDate: '2026-02-01', endDate: '2026-01-01' }, 'endDate'],
  ])('%s with %j is refused naming %s', (event, settings, field) => {
    expect(spec.given([]).when(create(event, settings)).thenThrows('BAD_REQUEST').details).toEqual({ field });
  });

  it('spending programs take spending events', () => {
    spec
      .given([])
      .when(create('amount_discount', { spending: { pointsCost: 100, rewardValue: 5 } }, 'spending'))
      .thenMatches([{ kind: 'spending', event: 'amount_discount' }]);
    expect(
      spec
        .given([])
        .when(create('amount_discount', { spending: { pointsCost: 100 } }, 'spending'))
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({ field: 'spending.rewardValue' });
    spec
      .given([])
      .when(create('place_order', {}, 'spending'))
      .thenThrows('BAD_REQUEST');
    expect(
      spec
        .given([])
        .when(create('amount_discount', { spending: {} }, 'spending'))
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({ field: 'spending.pointsCost' });
    expect(
      spec
        .given([])
        .when(create('amount_discount', { spending: { pointsCost: 10, redeemType: 'x' } }, 'spending'))
        .thenThrows('BAD_REQUEST').details,
    ).toEqual({ field: 'spending.redeemType' });
  });

  it('updates, validates the result, records only changes; deletes', () => {
    const [created] = spec
      .given([])
      .when(create('sign_up', { earnPoint: 5 }))
      .events();
    spec
      .given([created])
      .when({ type: 'UpdateProgram', meta: meta(), programId: 'p1', changes: { status: false }, tierIds: [] })
      .thenMatches([{ type: T.Updated, changes: { status: false } }]);
    spec
      .given([created])
      .when({ type: 'UpdateProgram', meta: meta(), programId: 'p1', changes: { earnPoint: 5 }, tierIds: [] })
      .thenNothing();
    spec
      .given([created])
      .when({ type: 'UpdateProgram', meta: meta(), programId: 'p1', changes: { earnPoint: -1 }, tierIds: [] })
      .thenThrows('BAD_REQUEST');
    spec
      .given([created])
      .when({ type: 'DeleteProgram', meta: meta(), programId: 'p1' })
      .thenMatches([{ type: T.Deleted }]);
    spec.given([]).when({ type: 'DeleteProgram', meta: meta(), programId: 'p1' }).thenThrows('NOT_FOUND', 404);
  });

  describe('referral programs', () => {
    it('pays the referrer points (earnPoint) by default, or a coupon that needs no points', () => {
      spec
        .given([])
        .when(create('referral', { earnPoint: 500, referral: { minimumSubtotal: 50, waitingDays: 14 } }))
        .thenMatches([{ type: T.Created, event: 'referral', settings: expect.objectContaining({ earnPoint: 500 }) }]);
      spec
        .given([])
        .when(
          create('referral', {
            referral: {
              referrerReward: 'coupon',
              referrerCoupon: { type: 'free_shipping' },
              friendCoupon: { type: 'percentage_discount', value: 10 },
            },
          }),
        )
        .thenMatches([{ type: T.Created }]);
    });

    it.each([
      ['referral', {}, 'earnPoint'],
      ['referral', { earnPoint: 5, referral: { referrerReward: 'coupon' } }, 'referral.referrerCoupon'],
      [
        'referral',
        { earnPoint: 5, referral: { referrerCoupon: { type: 'free_shipping' } } },
        'referral.referrerCoupon',
      ],
      [
        'referral',
        { earnPoint: 5, referral: { friendCoupon: { type: 'percentage_discount', value: 120 } } },
        'referral.friendCoupon.value',
      ],
      [
        'referral',
        { earnPoint: 5, referral: { friendCoupon: { type: 'amount_discount' } } },
        'referral.friendCoupon.value',
      ],
      [
        'referral',
        { referral: { referrerReward: 'coupon', referrerCoupon: { type: 'amount_discount', value: 0 } } },
        'referral.referrerCoupon.value',
      ],
      ['sign_up', { earnPoint: 5, referral: {} }, 'referral'],
    ])('%s with %j is refused naming %s', (event, settings, field) => {
      expect(spec.given([]).when(create(event, settings)).thenThrows('BAD_REQUEST').details).toEqual({ field });
    });
  });
});
