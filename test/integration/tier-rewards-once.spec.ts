import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil } from '../support/receiver';
import { DecisionRunner } from '../../src/event-sourcing/decision-runner';
import { customerStreamId } from '../../src/ledger/customer-stream';

/**
 * A tier's rewards are paid once per customer, however many processes race: on PostgreSQL two service
 * instances (two connection pools, two stream caches, two coupon grant readers) share the database.
 * Awards that cross the tier's target, and manual moves out of the tier and back in, are sent to both
 * at once; the claim is decided on the customer's stream, so one bonus and one coupon per customer.
 */
describe(`tier rewards paid once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('racing entries and re-entries from two instances pay each customer one bonus and mint one coupon', async () => {
    const shop = await s.newShop();
    const on = (i: number) => request(apps[i % apps.length].getHttpServer());
    const tier = async (body: object) => expectSuccess((await shop.post('/tiers', body).expect(201)).body);
    const base = expectSuccess((await shop.get('/tiers').expect(200)).body)[0];
    const vip = await tier({
      name: 'VIP',
      targetPoint: 500,
      tierRewards: [
        { event: 'bonus_point', bonusPoints: 200 },
        { event: 'amount_discount', earnAmount: 5, codeName: 'VIP' },
      ],
    });
    const barrier = await tier({
      name: 'Gold',
      targetPoint: 1_000_000,
      tierRewards: [{ event: 'free_shipping' }],
    });
    const customers = [5101, 5102, 5103, 5104];
    for (const id of customers) await shop.enrol(id);

    // Ten awards of 60 per customer, all at once, alternating instances: the 9th crosses 500.
    const awards = customers.flatMap((id) =>
      Array.from({ length: 10 }, (_, i) =>
        on(i)
          .post('/rest_api/v2/transactions/points/award')
          .set(shop.keys)
          .send({ platformCustomerId: String(id), point: 60 }),
      ),
    );
    expect((await Promise.all(awards)).map((r) => r.status)).toEqual(awards.map(() => 200));
    // Out of the tier and back in by hand, rewards triggered, three times; each move sent to both
    // instances at once (one moves the customer, the other finds them there already).
    const moveAll = async (tierId: string) => {
      const moves = customers.flatMap((id) =>
        [0, 1].map((i) =>
          on(i).put(`/rest_api/v2/customers/external/${id}/tier`).set(shop.keys).send({ tierId, triggerReward: true }),
        ),
      );
      expect((await Promise.all(moves)).map((r) => r.status)).toEqual(moves.map(() => 200));
    };
    for (let round = 0; round < 3; round++) {
      await moveAll(base.id);
      await moveAll(vip.id);
    }

    const coupons = async (id: number) =>
      (await shop.get(`/rewards?platformCustomerId=${id}&limit=100`).expect(200)).body.data as Array<{
        program: { id: string };
        couponCode: string;
      }>;
    for (const id of customers) await waitUntil(async () => (await coupons(id)).length >= 1, 15_000, `coupon of ${id}`);
    // A first entry into Gold after everything else: once its coupon is there, the reader that granted
    // it has read every move above; then both readers get time for another pass.
    await on(1)
      .put(`/rest_api/v2/customers/external/${customers[0]}/tier`)
      .set(shop.keys)
      .send({ tierId: barrier.id })
      .expect(200);
    await waitUntil(async () => (await coupons(customers[0])).length >= 2, 15_000, 'barrier coupon');
    await new Promise((r) => setTimeout(r, 2500));

    const discounts = await s.t.store.storage.readStore.collection<{
      id: string;
      shopId: string;
      platformCustomerId: number;
    }>({
      name: 'platform_discounts',
      indexes: [['shopId', 'code']],
    });
    for (const id of customers) {
      const vipCoupons = (await coupons(id)).filter((c) => c.program.id === vip.tierRewards[1].id);
      expect([id, vipCoupons.length]).toEqual([id, 1]);
      expect(vipCoupons[0].couponCode).toMatch(/^VIP-/);
      // The platform minted one code for the VIP reward (and the Gold one for the barrier customer).
      expect([id, (await discounts.find({ shopId: shop.shop.shopId, platformCustomerId: id })).length]).toEqual([
        id,
        id === customers[0] ? 2 : 1,
      ]);
      const customer = (await shop.get(`/customers/external/${id}`).expect(200)).body.data;
      expect([id, customer.point]).toEqual([id, 600 + 200]);
      // The log agrees: one bonus, one VIP grant, and exactly one move claimed VIP.
      const stream = await s.t.store.storage.eventStore.readStream(customerStreamId(shop.shop.shopId, customer.id));
      const data: Array<Record<string, unknown>> = stream.map((e) => ({ ...e.data, type: e.type }));
      expect(data.filter((e) => e.type === 'points.awarded.v1' && e.tierReward)).toHaveLength(1);
      expect(data.filter((e) => e.type === 'reward.coupon-granted.v1' && e.tierId === vip.id)).toHaveLength(1);
      const intoVip = data.filter((e) => e.type === 'tier.changed.v1' && e.toTierId === vip.id);
      expect(intoVip).toHaveLength(4);
      expect(intoVip.filter((e) => e.rewarded)).toHaveLength(1);
    }
    if (apps.length > 1) {
      // The two processes really raced on the customers' streams.
      const conflicts = apps.reduce((sum, app) => sum + app.get(DecisionRunner).conflicts, 0);
      expect(conflicts).toBeGreaterThan(0);
    }
  });
});
