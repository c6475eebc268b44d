import { createTestApp, TestApp, auth } from '../support/test-app';
import { STREAM_CATEGORIES } from '../../src/infrastructure/event-store/event-store.port';

/**
 * EventStoreDB reads the global feed with a server-side filter on STREAM_CATEGORIES and refuses
 * other streams: every stream the service writes must be in a listed category. This drives every
 * kind of stream through the API (on PGlite) and checks the log.
 */
describe('every stream the service writes is in a category the EventStoreDB feed reads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  });
  afterAll(() => t.close());

  it('shop, tiers, programs, webhooks, customers and redemption quotas', async () => {
    const shop = await t.shop();
    const api = () => t.http();
    await api().post('/rest_api/v2/tiers').set(auth(shop)).send({ name: 'Silver', targetPoint: 100 }).expect(201);
    const reward = (
      await api()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({
          type: 'spending',
          event: 'amount_discount',
          title: '$1',
          spending: { pointsCost: 10, rewardValue: 1, totalLimitationRedeem: 5 },
        })
        .expect(201)
    ).body.data.id;
    await api()
      .post('/app/api/v1/webhooks')
      .set(auth(shop))
      .send({ topic: 'points/earned', url: 'http://127.0.0.1:9/h' })
      .expect(200);
    await t.enrol(shop, 7001);
    await api()
      .post('/rest_api/v2/transactions/points/award')
      .set(auth(shop))
      .send({ platformCustomerId: '7001', point: 50 })
      .expect(200);
    await api()
      .post('/rest_api/v2/programs/redemption/redeem')
      .set(auth(shop))
      .send({ programId: reward, platformCustomerId: '7001', quantity: 1 })
      .expect(200);
    await api()
      .put('/rest_api/v2/settings/points-expiry')
      .set(auth(shop))
      .send({ mode: 'inactivity', inactivityDays: 30 })
      .expect(200);

    const streams = new Set(
      (await t.store.storage.eventStore.readAll({ after: null, limit: 10_000 })).map((e) => e.streamId),
    );
    const categories = new Set([...streams].map((s) => STREAM_CATEGORIES.find((c) => s.startsWith(`${c}-`)) ?? s));
    // Every category was written, and nothing else (a stream outside them would stand for itself here).
    expect([...categories].sort()).toEqual([...STREAM_CATEGORIES].sort());
  });
});
