import { scenario } from '../support/scenario';
import { STREAM_CATEGORIES } from '../../src/infrastructure/event-store/event-store.port';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';
import { wholeLog } from '../support/whole-log';

/**
 * EventStoreDB reads the global feed with a server-side filter on STREAM_CATEGORIES and refuses
 * other streams: every stream the service writes must be in a listed category. This drives every
 * kind of stream through the API (on PGlite) and checks the log.
 */
describe('every stream the service writes is in a category the EventStoreDB feed reads', () => {
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });

  it('shop, tiers, programs, webhooks, customers, redemption quotas, privacy requests, shop texts, photo handles and referral claims', async () => {
    await s.tier({ name: 'Silver', targetPoint: 100 });
    const reward = await s.spending('amount_discount', '$1', {
      pointsCost: 10,
      rewardValue: 1,
      totalLimitationRedeem: 5,
    });
    await s.subscribe('points/earned', 'http://127.0.0.1:9/h');
    await s.enrol(7001);
    await s.award(7001, 50);
    await s.redeem({ programId: reward, platformCustomerId: '7001', quantity: 1 }).expect(200);
    await s.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 30 }).expect(200);
    await s.post('/privacy/customers/external/7001/data-request', {}).expect(200);
    await s.put('/translations', { primaryLanguage: 'en', en: { 'tier.top': 'Legend status!' } }).expect(200);
    await s.t
      .http()
      .post(`${HEADLESS}/customer/social/photo/link`)
      .set(bearer(await tokenFor(s.t, s.shop, 7001)))
      .send({ instagramUsername: 'fan' })
      .expect(200);
    await s.earning('referral', 'Refer', { earnPoint: 10 });
    await s.t
      .http()
      .post(`${HEADLESS}/referrals/claim`)
      .send({ shop: s.shop.domain, code: (await s.customer(7001)).referralCode, email: 'friend@example.com' })
      .expect(200);

    const streams = new Set((await wholeLog(s.t.store.storage)).map((e) => e.streamId));
    const categories = new Set([...streams].map((id) => STREAM_CATEGORIES.find((c) => id.startsWith(`${c}-`)) ?? id));
    // Every category was written, and nothing else (a stream outside them would stand for itself here).
    expect([...categories].sort()).toEqual([...STREAM_CATEGORIES].sort());
  });
});
