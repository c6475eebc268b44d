import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil } from '../support/receiver';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { DecisionRunner } from '../../src/event-sourcing/decision-runner';
import { ProgramCatalog } from '../../src/programs/program-catalog';
import { HEADLESS } from '../headless/headless-support';
import { signPlatform } from '../support/test-app';
import { randomUUID } from 'node:crypto';

/**
 * Referral rewards are paid at most once per friend, however many processes race: on PostgreSQL two
 * service instances (two pools, two stream caches, two referral relays) share the database. Claims of
 * one friend for two referrers, the friends' sign-ups, their first orders and a refund are each sent
 * to both instances at once (as separate platform deliveries); attribution is decided on the friend's
 * stream, the reward on the referrer's, each with an expected revision.
 */
describe(`referral rewards paid once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];
  const on = (i: number) => request(apps[i % apps.length].getHttpServer());
  /** A signed platform webhook of this shop sent to instance `i`, as a delivery of its own. */
  const deliver = (i: number, topic: string, body: object) => {
    const raw = JSON.stringify(body);
    return on(i)
      .post(`/platform/webhooks/${topic}`)
      .set('Content-Type', 'application/json')
      .set('X-Platform-Shop-Domain', s.shop.domain)
      .set('X-Platform-Webhook-Id', randomUUID())
      .set('X-Platform-Hmac-Sha256', signPlatform(raw))
      .send(raw)
      .expect(200);
  };

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('racing claims, sign-ups, first orders and a refund from two instances: one attribution, one reward, one reversal per friend', async () => {
    const program = await s.earning('referral', 'Refer', { earnPoint: 300, referral: { minimumSubtotal: 10 } });
    for (const app of apps)
      await waitUntil(
        async () => (await app.get(ProgramCatalog).forShop(s.shop.shopId)).some((p) => p.id === program),
        15_000,
        'the referral program in every process',
      );
    await s.enrol(9001, { email: 'rita@example.com' });
    await s.enrol(9002, { email: 'otto@example.com' });
    const [rita, otto] = [await s.customer(9001), await s.customer(9002)];
    const friends = [9101, 9102, 9103, 9104, 9105];
    const email = (id: number) => `c${id}@example.com`;

    // Each friend claimed for Rita and for Otto, three times each, on both instances at once: one referrer wins.
    const claims = friends.flatMap((id) =>
      [rita, otto].flatMap((referrer) =>
        [0, 1, 2].map((i) =>
          on(i)
            .post(`${HEADLESS}/referrals/claim`)
            .send({ shop: s.shop.domain, code: referrer.referralCode, email: email(id) }),
        ),
      ),
    );
    const claimed = await Promise.all(claims);
    for (const [n, id] of friends.entries()) {
      const answers = claimed
        .slice(n * 6, n * 6 + 6)
        .map((r) => (r.status === 200 ? r.body.data.code : r.body.error.code));
      const winners = new Set(answers.filter((a) => a !== 'ALREADY_REFERRED'));
      expect([id, winners.size]).toEqual([id, 1]);
      expect([id, answers.filter((a) => a === 'ALREADY_REFERRED').length]).toEqual([id, 3]);
    }

    // Sign-ups and first orders, each delivered to both instances at once.
    await Promise.all(
      friends.flatMap((id) =>
        [0, 1].map((i) => deliver(i, 'customers/create', { id, email: email(id), created_at: null })),
      ),
    );
    await Promise.all(
      friends.flatMap((id) =>
        [0, 1].map((i) =>
          deliver(i, 'orders/paid', {
            id: id * 10,
            customer: { id, email: email(id) },
            total_price: '25.00',
            currency: 'USD',
            line_items: [],
          }),
        ),
      ),
    );

    // Who won each friend: the code its successful claims answered.
    const winnerOf = (n: number) => claimed.slice(n * 6, n * 6 + 6).find((r) => r.status === 200)!.body.data.code;
    const ritaFriends = friends.filter((_, n) => winnerOf(n) === rita.referralCode);
    const expected = async () => {
      const [r, o] = [await s.balance(9001), await s.balance(9002)];
      return r + o === friends.length * 300;
    };
    await waitUntil(expected, 20_000, 'every friend rewarded');
    // Both relays get time for another pass over everything.
    await new Promise((r) => setTimeout(r, 2500));
    expect(await s.balance(9001)).toBe(ritaFriends.length * 300);
    expect(await s.balance(9002)).toBe((friends.length - ritaFriends.length) * 300);

    const streamOf = async (customerId: string) =>
      (await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customerId))).map((e) => ({
        ...e.data,
        type: e.type,
      })) as Array<Record<string, any>>;
    for (const referrer of [rita, otto]) {
      const events = await streamOf(referrer.id);
      const earned = events.filter((e) => e.type === 'referral.reward-earned.v1');
      expect(new Set(earned.map((e) => e.friendKey)).size).toBe(earned.length);
      expect(events.filter((e) => e.type === 'points.awarded.v1' && e.event === 'referral')).toHaveLength(
        earned.length,
      );
    }
    const discounts = await s.t.store.storage.readStore.collection<{
      id: string;
      shopId: string;
      platformCustomerId: number;
    }>({
      name: 'platform_discounts',
      indexes: [['shopId', 'code']],
    });
    for (const id of friends) {
      const friend = await s.customer(id);
      const events = await streamOf(friend.id);
      expect([id, events.filter((e) => e.type === 'referral.attributed.v1').length]).toEqual([id, 1]);
      expect([id, events.filter((e) => e.type === 'referral.qualified.v1').length]).toEqual([id, 1]);
      expect([id, events.filter((e) => e.type === 'reward.coupon-granted.v1').length]).toEqual([id, 1]);
      // The platform minted one welcome code per friend.
      expect([id, (await discounts.find({ shopId: s.shop.shopId, platformCustomerId: id })).length]).toEqual([id, 1]);
    }

    // A refund of one of Rita's friends' orders, delivered to both at once: the reward is taken back once.
    const refunded = ritaFriends[0];
    await Promise.all(
      [0, 1].map((i) =>
        deliver(i, 'refunds/create', {
          id: refunded * 100,
          order_id: refunded * 10,
          transactions: [{ kind: 'refund', status: 'success', amount: '25.00' }],
        }),
      ),
    );
    await waitUntil(async () => (await s.balance(9001)) === (ritaFriends.length - 1) * 300, 20_000, 'reversed');
    await new Promise((r) => setTimeout(r, 2500));
    expect(await s.balance(9001)).toBe((ritaFriends.length - 1) * 300);
    expect((await streamOf(rita.id)).filter((e) => e.type === 'points.revoked.v1')).toHaveLength(1);

    if (apps.length > 1) {
      // The two processes really raced on the streams.
      const conflicts = apps.reduce((sum, app) => sum + app.get(DecisionRunner).conflicts, 0);
      expect(conflicts).toBeGreaterThan(0);
    }
  });
});
