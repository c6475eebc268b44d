import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/**
 * The birthday picker and a form's instant reward pay once, however many claims arrive at once: on
 * PostgreSQL two service instances share the database, and each claim is decided on the customer's
 * stream under its expected revision, so one birthday choice a year is paid (every other: 400
 * LIMIT_REACHED) and a form that takes one submission pays its instant points once.
 */
describe(`birthday choice and form instant reward pay once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];
  const on = (i: number) => request(apps[i % apps.length].getHttpServer());
  /** The ledger's own fold beside the read model: a difference tells a stale document from a payment lost or doubled. */
  const balances = async (shop: Awaited<ReturnType<typeof s.newShop>>, id: number) => ({
    readModel: await shop.balance(id),
    ledger: expectSuccess((await shop.get(`/audit/customers/${id}/state`).expect(200)).body).balance,
  });

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('birthday choices racing from two instances: one choice paid this year', async () => {
    const shop = await s.newShop();
    const birthday = (
      await shop.program({
        type: 'earning',
        event: 'birthday',
        title: 'Birthday',
        earnPoint: 50,
        birthdayRewards: {
          rewardSelection: 'single',
          options: [
            { id: 'cake', label: 'Cake points', points: 100 },
            { id: 'tea', label: 'Tea points', points: 70 },
          ],
        },
      })
    ).id;
    await shop.enrol(6101);
    // Born this month (the shop's zone is UTC), so the choice can be made now.
    const month = String(new Date().getUTCMonth() + 1).padStart(2, '0');
    await shop.put('/customers/external/6101', { birthday: `${month}/01` }).expect(200);
    const token = await tokenFor(s.t, shop.shop, 6101);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        on(i)
          .post(`${HEADLESS}/customer/earn`)
          .set(bearer(token))
          .send({ programId: birthday, context: { birthdayRewards: [i % 2 ? 'tea' : 'cake'] } }),
      ),
    );
    const got = answers.map((r) => `${r.status} ${r.body.error?.code ?? r.body.data?.pointsEarned}`).sort();
    const paid = got.filter((g) => g.startsWith('200'));
    expect(paid).toEqual([expect.stringMatching(/^200 (100|70)$/)]);
    expect(got.filter((g) => !g.startsWith('200'))).toEqual(Array.from({ length: 7 }, () => '400 LIMIT_REACHED'));
    await caughtUp(apps);
    const points = Number(paid[0].split(' ')[1]);
    expect(await balances(shop, 6101)).toEqual({ readModel: points, ledger: points });
    const rows = expectSuccess((await shop.transactions('platformCustomerId=6101&limit=50').expect(200)).body);
    expect(rows.map((r: { event: string; earnPoint: number }) => [r.event, r.earnPoint])).toEqual([
      ['birthday', points],
    ]);
  });

  it('submissions of a once-only form racing from two instances: one submission, its instant reward paid once', async () => {
    const shop = await s.newShop();
    const form = (
      await shop.program({
        type: 'earning',
        event: 'submit_form',
        title: 'Tell us',
        earnPoint: 40,
        hasLimit: true,
        limitUnit: 'lifetime',
        limitInterval: 1,
        form: { autoApprove: false, instantRewardEnabled: true, instantRewardPoints: 5 },
      })
    ).id;
    await shop.enrol(6102);
    const token = await tokenFor(s.t, shop.shop, 6102);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        on(i)
          .post(`${HEADLESS}/customer/earn`)
          .set(bearer(token))
          .send({ programId: form, context: { answers: { q: `answer ${i}` } } }),
      ),
    );
    const got = answers
      .map((r) => `${r.status} ${r.body.error?.code ?? `${r.body.data?.status} ${r.body.data?.pointsEarned}`}`)
      .sort();
    expect(got).toEqual(['200 pending 5', ...Array.from({ length: 7 }, () => '400 LIMIT_REACHED')]);
    await caughtUp(apps);
    expect(await balances(shop, 6102)).toEqual({ readModel: 5, ledger: 5 });
    const submissions = expectSuccess((await shop.get('/submissions?limit=10').expect(200)).body);
    expect(submissions.map((d: { status: string; pointsEarned: number }) => [d.status, d.pointsEarned])).toEqual([
      ['pending', 5],
    ]);
  });
});
