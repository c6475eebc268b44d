import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/**
 * Approving a submission pays once, however many merchants click at once: on PostgreSQL two service
 * instances share the database; the decision is made on the customer's stream with its expected
 * revision, so one approval pays and every other answers 409 ALREADY_DECIDED.
 */
describe(`submission approval pays once across processes (${defaultStoreKind()})`, () => {
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
      const decided = answers.filter((r) => r.status === 200);
      expect(decided).toHaveLength(1);
      for (const r of answers.filter((a) => a.status !== 200)) expectError(r.body, 'ALREADY_DECIDED', 409);
    }
    await caughtUp(apps);
    const after = expectSuccess((await shop.get('/submissions?limit=10').expect(200)).body);
    const approved = after.filter((d: { status: string }) => d.status === 'approved');
    expect(after.filter((d: { status: string }) => d.status === 'pending')).toEqual([]);
    expect(await shop.balance(6001)).toBe(40 * approved.length);
    const rows = expectSuccess((await shop.transactions('platformCustomerId=6001&limit=50').expect(200)).body);
    expect(rows).toHaveLength(approved.length);
  });
});
