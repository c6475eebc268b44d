import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/**
 * Storefront claims and their approval pay once, however many arrive at once: on PostgreSQL two
 * service instances share the database; each decision is made on the customer's stream with its
 * expected revision, so one approval pays (every other click: 409 ALREADY_DECIDED) and one check-in
 * a day pays (every other: 400 LIMIT_REACHED).
 */
describe(`storefront claims pay once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('approvals and rejections racing from two instances: one decision, one payment', async () => {
    const shop = await s.newShop();
    const form = (await shop.program({ type: 'earning', event: 'submit_form', title: 'Tell us', earnPoint: 40 })).id;
    await shop.enrol(6001);
    const token = await tokenFor(s.t, shop.shop, 6001);
    const on = (i: number) => request(apps[i % apps.length].getHttpServer());
    const submitted = await Promise.all(
      [0, 1, 2].map((i) =>
        on(i).post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ programId: form }).expect(200),
      ),
    );
    expect(submitted.map((r) => r.body.data.status)).toEqual(['pending', 'pending', 'pending']);
    await caughtUp(apps);
    const pending = expectSuccess((await shop.get('/submissions?status=pending').expect(200)).body);
    expect(pending).toHaveLength(3);

    for (const submission of pending) {
      const clicks = Array.from({ length: 6 }, (_, i) =>
        on(i)
          .post(`/rest_api/v2/submissions/${submission.id}/${i === 5 ? 'reject' : 'approve'}`)
          .set(shop.keys)
          .send({}),
      );
      const answers = await Promise.all(clicks);
      // All statuses and codes at once, so a failure shows what every click got.
      const got = answers.map((r) => `${r.status} ${r.body.error?.code ?? r.body.data?.status}`).sort();
      expect(got.filter((g) => g !== '409 ALREADY_DECIDED')).toEqual([
        expect.stringMatching(/^200 (approved|rejected)$/),
      ]);
    }
    await caughtUp(apps);
    const after = expectSuccess((await shop.get('/submissions?limit=10').expect(200)).body);
    const approved = after.filter((d: { status: string }) => d.status === 'approved');
    expect(after.filter((d: { status: string }) => d.status === 'pending')).toEqual([]);
    // The read model's balance beside the ledger's own fold: a difference tells a stale read model
    // (two processes writing the customer document) from a payment made or lost.
    const ledger = expectSuccess((await shop.get('/audit/customers/6001/state').expect(200)).body).balance;
    expect({ readModel: await shop.balance(6001), ledger }).toEqual({
      readModel: 40 * approved.length,
      ledger: 40 * approved.length,
    });
    const rows = expectSuccess((await shop.transactions('platformCustomerId=6001&limit=50').expect(200)).body);
    expect(rows).toHaveLength(approved.length);
  });

  it('check-ins of one day racing from two instances: one check-in, one milestone payment', async () => {
    const shop = await s.newShop();
    const streak = (
      await shop.program({
        type: 'earning',
        event: 'streak_interact_website',
        title: 'Daily',
        earnPoint: 1,
        streakMilestones: [{ day: 1, points: 25 }],
      })
    ).id;
    await shop.enrol(6002);
    const token = await tokenFor(s.t, shop.shop, 6002);
    const on = (i: number) => request(apps[i % apps.length].getHttpServer());
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        on(i).post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ programId: streak }),
      ),
    );
    const got = answers.map((r) => `${r.status} ${r.body.error?.code ?? r.body.data?.pointsEarned}`).sort();
    expect(got).toEqual(['200 25', ...Array.from({ length: 7 }, () => '400 LIMIT_REACHED')]);
    await caughtUp(apps);
    expect(await shop.balance(6002)).toBe(25);
  });
});
