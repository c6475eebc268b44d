import request from 'supertest';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil } from '../support/receiver';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { bearer, HEADLESS, tokenFor } from './headless-support';

/**
 * Public referral claims before sign-up: nothing is written to the referrer's stream until the
 * friend signs up, and one code takes at most REFERRAL_INVITES_PER_CODE_PER_DAY new friends a day
 * (here 3), also when the claims arrive at once on two service processes.
 */
describe(`referral invites of a public code (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { REFERRAL_INVITES_PER_CODE_PER_DAY: '3' } });
  const claim = (code: string, email: string, app = s.t.app) =>
    request(app.getHttpServer()).post(`${HEADLESS}/referrals/claim`).send({ shop: s.shop.domain, code, email });
  const streamTypes = async (customerId: string) =>
    (await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customerId))).map((e) => e.type);

  beforeAll(async () => {
    await s.earning('referral', 'Refer a friend', {
      earnPoint: 500,
      referral: { friendCoupon: { type: 'amount_discount', value: 10, expiresInDays: 30 } },
    });
  });

  it('claims write nothing to the referrer’s stream; the referrer still sees the friends invited', async () => {
    const referrer = await s.enrol(8001, { email: 'rita@example.com' });
    const token = await tokenFor(s.t, s.shop, 8001, 'rita@example.com');
    const { referralCode } = await s.customer(8001);
    const before = await streamTypes(referrer);
    for (const email of ['f1@example.com', 'f2@example.com', 'f3@example.com'])
      expect(expectSuccess((await claim(referralCode, email).expect(200)).body)).toMatchObject({ state: 'invited' });
    // The same friend again takes no second place.
    await claim(referralCode, 'F1@example.com').expect(200);
    const refused = await claim(referralCode, 'f4@example.com').expect(429);
    // Like every headless 429, no body: the interface says so.
    expect(refused.text).toBe('');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(86_400);
    expect(await streamTypes(referrer)).toEqual(before);
    const history = async () =>
      expectSuccess(
        (await s.t.http().get(`${HEADLESS}/customer/referral-history`).set(bearer(token)).expect(200)).body,
      ) as Array<{ state: string }>;
    await waitUntil(async () => (await history()).length === 3, 10_000, 'three invited');
    expect((await history()).map((r) => r.state)).toEqual(['invited', 'invited', 'invited']);
    // The friend signs up: now the referrer's stream notes them.
    await s.enrol(8101, { email: 'f1@example.com', created_at: null });
    await waitUntil(
      async () => (await streamTypes(referrer)).includes('referral.friend-noted.v1'),
      10_000,
      'joined noted',
    );
    expect((await history()).map((r) => r.state).sort()).toEqual(['invited', 'invited', 'joined']);
  });

  it('many new friends at once on two processes: the code takes exactly its number of the day', async () => {
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const referrer = await s.enrol(8002, { email: 'otto@example.com' });
    const { referralCode } = await s.customer(8002);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => claim(referralCode, `race${i}@example.com`, apps[i % apps.length])),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(3);
    for (const r of answers.filter((a) => a.status !== 200)) expect([r.status, r.text]).toEqual([429, '']);
    expect((await streamTypes(referrer)).filter((t) => t.startsWith('referral.'))).toEqual([]);
  });
});
