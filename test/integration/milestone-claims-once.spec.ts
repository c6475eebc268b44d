import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';
import { bearer, HEADLESS, paidOrder, tokenFor } from '../headless/headless-support';

/**
 * A milestone step grants once, however many taps arrive at once: on PostgreSQL two service
 * instances share the database; each claim is decided on the customer's stream with its expected
 * revision, so one claim grants (every other: 400 NOT_CLAIMABLE) and one payment is recorded.
 */
describe(`milestone claims grant once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('taps racing from two instances, on both routes: one grant, one payment, one transaction row', async () => {
    const shop = await s.newShop();
    const ladder = (
      await shop.program({
        type: 'earning',
        event: 'milestone',
        title: 'Orders',
        typeMilestone: 'order',
        milestones: [
          { value: 1, rewards: [{ action: 'bonus_point', points: 30 }, { action: 'free_shipping' }] },
          { value: 5, rewards: [{ action: 'bonus_point', points: 99 }] },
        ],
      })
    ).id;
    await shop.enrol(6101);
    await shop.platform('orders/paid', paidOrder(450792001, 6101)).expect(200);
    const token = await tokenFor(s.t, shop.shop, 6101);
    await caughtUp(apps);
    const on = (i: number) => request(apps[i % apps.length].getHttpServer());
    const taps = Array.from({ length: 8 }, (_, i) =>
      i % 2
        ? on(i)
            .post(`${HEADLESS}/customer/milestone/claim`)
            .set(bearer(token))
            .send({ programId: ladder, milestoneValue: 1 })
        : on(i)
            .post(`${HEADLESS}/customer/milestones/${ladder}/claim`)
            .set(bearer(token))
            .send({ claimKey: '1', selectedRewardIds: [0, 1] }),
    );
    const answers = await Promise.all(taps);
    const got = answers.map((r) => `${r.status} ${r.body.error?.code ?? 'granted'}`).sort();
    expect(got.filter((g) => g !== '400 NOT_CLAIMABLE')).toEqual(['200 granted']);
    await caughtUp(apps);
    const ledger = expectSuccess((await shop.get('/audit/customers/6101/state').expect(200)).body).balance;
    expect({ readModel: await shop.balance(6101), ledger }).toEqual({ readModel: 30, ledger: 30 });
    const rows = expectSuccess((await shop.transactions('platformCustomerId=6101&limit=50').expect(200)).body);
    expect(rows.map((r: { earnPoint: number; milestoneOrder: number }) => [r.earnPoint, r.milestoneOrder])).toEqual([
      [30, 1],
    ]);
    // One coupon for the free shipping, however many taps minted it (one id per customer, step and reward).
    const minted = await (
      await s.t.store.storage.readStore.collection<{ id: string; [field: string]: unknown }>({
        name: 'platform_discounts',
      })
    ).find({ shopId: shop.shop.shopId, platformCustomerId: 6101 });
    expect(minted.map((d) => d.rewardType)).toEqual(['free_shipping']);
  });
});
