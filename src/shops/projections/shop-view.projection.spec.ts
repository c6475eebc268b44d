import { ShopEvent, ShopEventType as T, shopStreamId } from '../domain/shop-events';
import { ShopDoc, SHOPS } from './shop-read-models';
import { ShopViewProjection } from './shop-view.projection';
import { januaryDay, onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/** The shops read model, each event delivered twice (see projectionSpec). */
describe('shop view projection', () => {
  const readStore = projectionStore();
  const at = januaryDay;
  const shopEvents = (...events: ShopEvent[]) => onStream(shopStreamId('s1'), events);
  const provisioned: ShopEvent = {
    type: T.Provisioned,
    eventId: 'e1',
    occurredAt: at(1),
    shopId: 's1',
    domain: 'shop.example.com',
    plan: 'premium',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    appKey: 'ak_1',
  };
  const head = (eventId: string, day: number) => ({ eventId, occurredAt: at(day), shopId: 's1' });

  it('a provisioned shop, then each of its policies set: the document carries the latest of each', async () => {
    const spec = projectionSpec(new ShopViewProjection(), readStore());
    await spec.given(shopEvents(provisioned));
    await spec.when(
      shopEvents(
        {
          ...head('e2', 2),
          type: T.PointsExpirySet,
          policy: { mode: 'inactivity', inactivityDays: 90, fixedDate: null },
        },
        {
          ...head('e3', 3),
          type: T.EarningLimitSet,
          policy: { enabled: true, maxPoints: 500, period: 'month', tiers: [{ tierId: 'gold', maxPoints: null }] },
        },
        {
          ...head('e4', 4),
          type: T.TierRetentionSet,
          policy: { downgrade: true, assessmentMonths: 12, windowMonths: 6 },
        },
        {
          ...head('e5', 5),
          type: T.MembershipSet,
          policy: { optInEnrollment: true, excludedTags: ['staff'], excludedSegments: [], excludeB2B: true },
        },
        {
          ...head('e6', 6),
          type: T.StorefrontSet,
          policy: { hideAdjustPoint: true, isNewFormatDOB: false, allowedOrigins: [] },
        },
        { ...head('e7', 7), type: T.PointsExpirySet, policy: { mode: 'off', inactivityDays: null, fixedDate: null } },
      ),
    );
    expect(await spec.all<ShopDoc>(SHOPS)).toEqual([
      {
        id: 's1',
        domain: 'shop.example.com',
        plan: 'premium',
        currency: 'EUR',
        timezone: 'Europe/Paris',
        appKey: 'ak_1',
        createdAt: at(1),
        pointsExpiry: { mode: 'off', inactivityDays: null, fixedDate: null },
        earningLimit: { enabled: true, maxPoints: 500, period: 'month', tiers: [{ tierId: 'gold', maxPoints: null }] },
        tierRetention: { downgrade: true, assessmentMonths: 12, windowMonths: 6 },
        membership: { optInEnrollment: true, excludedTags: ['staff'], excludedSegments: [], excludeB2B: true },
        storefront: { hideAdjustPoint: true, isNewFormatDOB: false, allowedOrigins: [] },
      },
    ]);
  });

  it('a policy for a shop it never saw provisioned leaves no document', async () => {
    const spec = projectionSpec(new ShopViewProjection(), readStore());
    await spec.when(
      onStream(shopStreamId('s2'), [
        {
          type: T.StorefrontSet,
          eventId: 'e1',
          occurredAt: at(1),
          shopId: 's2',
          policy: { hideAdjustPoint: true, isNewFormatDOB: true },
        },
      ]),
    );
    expect(await spec.then(SHOPS, 's2')).toBeNull();
  });
});
