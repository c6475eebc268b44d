import { RewardViewProjection } from './reward-view.projection';
import { RewardDoc, REWARDS } from '../read-models/reward-read-models';
import { projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { customerEvents } from '../../../test/support/customer-event-fixtures';

/** The coupons read model, each event delivered twice (see projectionSpec). */
describe('reward view projection', () => {
  const readStore = projectionStore();

  it('a coupon bought with points, then used at checkout', async () => {
    const spec = projectionSpec(new RewardViewProjection(), readStore());
    const e = customerEvents('shop-1', 'cust-1', 101);
    await spec.given([e.redeemed('2026-03-02T10:00:00.000Z', 'tx-1', 100, 40, 'reward-1')]);
    await spec.when([e.couponUsed('2026-03-05T10:00:00.000Z', 'reward-1', 'order-9')]);
    expect(await spec.all<RewardDoc>(REWARDS)).toEqual([
      {
        id: 'reward-1',
        shopId: 'shop-1',
        customerId: 'cust-1',
        platformCustomerId: 101,
        email: 'ann@example.com',
        couponCode: 'CODE-reward-1',
        programId: 'prog-1',
        programTitle: '$5 off',
        programDescription: null,
        rewardType: 'fixed_amount',
        rewardValue: 5,
        pointsSpent: 40,
        orderReqAmount: null,
        expiredAt: '2026-06-01T00:00:00.000Z',
        discountStatus: 'used',
        sortKey: '2026-03-02T10:00:00.000Z|000000000000',
        createdAt: '2026-03-02T10:00:00.000Z',
        updatedAt: '2026-03-05T10:00:00.000Z',
      },
    ]);
  });
});
