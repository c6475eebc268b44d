import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil, withReceiver } from '../support/receiver';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/** Referrals deliver referral/link_created, referral/referee_claimed and referral/reward_earned. */
describe(`webhook referral topics (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' } });

  it('the link, the friend coming through it, and the reward each deliver their topic once', async () => {
    await withReceiver(async (receiver) => {
      const shop = await s.newShop();
      for (const topic of ['referral/link_created', 'referral/referee_claimed', 'referral/reward_earned'])
        await shop.subscribe(topic, receiver.url(`/${topic}`));
      const programId = (await shop.program({ type: 'earning', event: 'referral', title: 'Refer', earnPoint: 250 })).id;
      await shop.enrol(8101, { email: 'rita@example.com' });
      const rita = await shop.customer(8101);
      const token = await tokenFor(s.t, shop.shop, 8101, 'rita@example.com');
      await s.t.http().post(`${HEADLESS}/customer/referral-link`).set(bearer(token)).expect(200);
      await s.t.http().post(`${HEADLESS}/customer/referral-link`).set(bearer(token)).expect(200);
      await s.t
        .http()
        .post(`${HEADLESS}/referrals/claim`)
        .send({ shop: shop.shop.domain, code: rita.referralCode, email: 'fred@example.com' })
        .expect(200);
      await shop.enrol(8102, { email: 'fred@example.com', created_at: null });
      await shop
        .platform('orders/paid', {
          id: 81020,
          customer: { id: 8102 },
          total_price: '20.00',
          currency: 'USD',
          line_items: [],
        })
        .expect(200);
      await waitUntil(() => receiver.received.length >= 3, 15_000, 'three deliveries');
      await new Promise((r) => setTimeout(r, 500));
      const byTopic = (topic: string) => receiver.received.filter((r) => r.body.topic === topic).map((r) => r.body);
      expect(byTopic('referral/link_created')).toMatchObject([
        {
          customer: { id: rita.id, platformCustomerId: 8101, email: 'rita@example.com' },
          code: rita.referralCode,
          link: `https://${shop.shop.domain}/?ref=${rita.referralCode}`,
          programId,
        },
      ]);
      expect(byTopic('referral/referee_claimed')).toMatchObject([
        {
          customer: { platformCustomerId: 8102, email: 'fred@example.com' },
          referrer: { id: rita.id },
          code: rita.referralCode,
          via: 'claim',
          programId,
        },
      ]);
      expect(byTopic('referral/reward_earned')).toMatchObject([
        {
          customer: { id: rita.id, email: 'rita@example.com' },
          friend: { label: 'f•••@e•••.com' },
          programId,
          reward: { kind: 'points', points: 250 },
          transactionId: expect.any(String),
        },
      ]);
    });
  });
});
