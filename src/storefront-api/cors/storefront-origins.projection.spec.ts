import { ShopEvent, ShopEventType as T, shopStreamId } from '../../shops/domain/shop-events';
import { januaryDay, onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { STOREFRONT_ORIGINS, StorefrontOriginDoc, StorefrontOriginsProjection } from './storefront-origins.projection';

/** Which origins each shop allows, each event delivered twice (see projectionSpec). */
describe('storefront origins projection', () => {
  const readStore = projectionStore();
  const at = januaryDay;
  const provisioned = (shopId: string, domain: string): ShopEvent => ({
    type: T.Provisioned,
    eventId: `p-${shopId}`,
    occurredAt: at(1),
    shopId,
    domain,
    plan: 'premium',
    currency: 'EUR',
    timezone: 'Europe/Paris',
    appKey: `ak_${shopId}`,
  });
  const storefront = (shopId: string, eventId: string, allowedOrigins: string[]): ShopEvent => ({
    type: T.StorefrontSet,
    eventId,
    occurredAt: at(2),
    shopId,
    policy: { hideAdjustPoint: false, isNewFormatDOB: false, allowedOrigins },
  });
  const origins = async () =>
    (await (await readStore().collection<StorefrontOriginDoc>(STOREFRONT_ORIGINS)).find({}))
      .map(({ origin, shopId, own }) => `${origin} ${shopId}${own ? ' own' : ''}`)
      .sort();

  it("keeps each shop's own domain and its latest list; one origin may serve two shops", async () => {
    const spec = projectionSpec(new StorefrontOriginsProjection(), readStore());
    await spec.given([
      ...onStream(shopStreamId('s1'), [provisioned('s1', 'One.example.com')]),
      ...onStream(shopStreamId('s2'), [provisioned('s2', 'two.example.com')]),
    ]);
    await spec.when([
      ...onStream(shopStreamId('s1'), [
        storefront('s1', 'e2', ['https://www.one.test', 'https://shared.test']),
        storefront('s1', 'e3', ['https://shared.test', 'http://localhost:5173']),
      ]),
      ...onStream(shopStreamId('s2'), [storefront('s2', 'e4', ['https://shared.test'])]),
    ]);
    expect(await origins()).toEqual([
      'http://localhost:5173 s1',
      'https://one.example.com s1 own',
      'https://shared.test s1',
      'https://shared.test s2',
      'https://two.example.com s2 own',
    ]);
  });

  it('a storefront setting written before origins existed (no list) removes the listed ones only', async () => {
    const spec = projectionSpec(new StorefrontOriginsProjection(), readStore());
    const old = storefront('s1', 'e5', []);
    delete (old as { policy: { allowedOrigins?: string[] } }).policy.allowedOrigins;
    await spec.when(onStream(shopStreamId('s1'), [old]));
    expect((await origins()).filter((o) => o.endsWith('s1') || o.endsWith('s1 own'))).toEqual([
      'https://one.example.com s1 own',
    ]);
  });
});
