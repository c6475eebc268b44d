import { decode } from 'jsonwebtoken';
import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { bearer, HEADLESS, hmacGrant, tokenFor } from './headless-support';

describe(`headless customer, membership and shop config (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let silver: string;
  let gold: string;
  const v2 = (method: 'get' | 'post' | 'put', path: string, as = shop) =>
    t.http()[method](`/rest_api/v2${path}`).set(auth(as));
  const me = (token: string) => t.http().get(`${HEADLESS}/customer`).set(bearer(token));
  const award = (id: number, point: number, as = shop) =>
    v2('post', '/transactions/points/award', as)
      .send({ platformCustomerId: String(id), point })
      .expect(200);

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    silver = (await v2('post', '/tiers').send({ name: 'Silver', targetPoint: 500 }).expect(201)).body.data.id;
    gold = (await v2('post', '/tiers').send({ name: 'Gold', targetPoint: 2000 }).expect(201)).body.data.id;
    await t.enrol(shop, 1001, {
      phone: '+15551234567',
      email_marketing_consent: { state: 'subscribed' },
      sms_marketing_consent: { state: 'not_subscribed' },
      tags: 'vip, newsletter',
    });
    await t.enrol(shop, 1002);
  });
  afterAll(() => t.close());

  it('GET /customer: every field of spec 2.2', async () => {
    await award(1001, 600);
    const token = await tokenFor(t, shop, 1001);
    const res = await me(token).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = expectSuccess(res.body);
    expect(data).toEqual({
      id: customerIdFor(shop.shopId, 1001),
      type: 'member',
      points: 600,
      totalOrders: 0,
      totalEarned: 600,
      tier: { id: silver, name: 'Silver' },
      tierProgress: {
        nextTierName: 'Gold',
        pointsToNext: 1400,
        percentage: 6.67,
        currentTarget: 500,
        nextTarget: 2000,
      },
      memberSince: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      marketingConsent: true,
      smsMarketingConsent: false,
      avatarUrl: null,
      earningLimit: null,
      birthday: null,
      dateOfBirth: null,
      phone: '+15551234567',
      tierPoint: 600,
      social: { photoUsername: null, chatLinked: false, chatFollowedOA: false, feedConnected: false, feedName: null },
      createdAlphaPass: false,
      qrCodeDownloadAlphaPass: null,
    });
    expect((decode(token) as any).sub).toBe(data.id);
  });

  it('consents never synced read null (tri-state); the base tier counts from 0; the top tier has no progress', async () => {
    // The platform never said anything about consents for 1003; for 1002 it sent accepts_marketing: false.
    await t.enrol(shop, 1003, { accepts_marketing: undefined });
    const unknown = (await me(await tokenFor(t, shop, 1003)).expect(200)).body.data;
    expect(unknown.marketingConsent).toBeNull();
    expect(unknown.smsMarketingConsent).toBeNull();
    const token = await tokenFor(t, shop, 1002);
    const base = (await me(token).expect(200)).body.data;
    expect(base.marketingConsent).toBe(false);
    expect(base.smsMarketingConsent).toBeNull();
    expect(base.phone).toBeNull();
    expect(base.tierProgress).toEqual({
      nextTierName: 'Silver',
      pointsToNext: 500,
      percentage: 0,
      currentTarget: 0,
      nextTarget: 500,
    });
    await award(1002, 2500);
    const top = (await me(token).expect(200)).body.data;
    expect(top.tier).toEqual({ id: gold, name: 'Gold' });
    expect(top.tierProgress).toBeNull();
  });

  it('a body or query naming another customer changes nothing: the token decides', async () => {
    const token = await tokenFor(t, shop, 1002);
    const other = customerIdFor(shop.shopId, 1001);
    const res = await t
      .http()
      .get(`${HEADLESS}/customer?customerId=${other}&platformCustomerId=1001`)
      .set(bearer(token))
      .expect(200);
    expect(res.body.data.id).toBe(customerIdFor(shop.shopId, 1002));
  });

  describe('earning limit', () => {
    let limited: ProvisionedShop;
    let follow: string;
    beforeAll(async () => {
      limited = await t.shop();
      await t.enrol(limited, 1);
      await t.enrol(limited, 2);
      follow = (
        await v2('post', '/programs', limited)
          .send({ type: 'earning', event: 'follow_photo', title: 'Follow us', earnPoint: 100 })
          .expect(201)
      ).body.data.id;
    });

    it('null while the shop has no limit; then reached with its reset date and a sentence, never the cap', async () => {
      const token = await tokenFor(t, limited, 1);
      expect((await me(token).expect(200)).body.data.earningLimit).toBeNull();
      await v2('put', '/settings/earning-limit', limited)
        .send({ enabled: true, maxPoints: 100, period: 'month' })
        .expect(200);
      expect((await me(token).expect(200)).body.data.earningLimit).toEqual({
        reached: false,
        resetDate: expect.any(String),
        message: null,
      });
      await v2('post', '/programs/earning/social/interactions', limited)
        .send({ platformCustomerId: '1', event: 'follow_photo', earningId: follow })
        .expect(200);
      const now = new Date();
      const nextMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
      const limit = (await me(token).expect(200)).body.data.earningLimit;
      expect(limit).toEqual({ reached: true, resetDate: nextMonth, message: expect.any(String) });
      expect(limit.message).toMatch(
        /^You have reached this month's earning limit\. You can earn again from .+\d{4}\.$/,
      );
      expect(JSON.stringify(limit)).not.toContain('100');
    });

    it("a tier without a cap: reached false, resetDate '' and no message", async () => {
      const tiers = (await v2('get', '/tiers', limited).expect(200)).body.data;
      const base = tiers.find((x: any) => x.isSystemTier).id;
      await v2('put', '/settings/earning-limit', limited)
        .send({ enabled: true, maxPoints: 100, period: 'month', tiers: [{ tierId: base, maxPoints: null }] })
        .expect(200);
      const token = await tokenFor(t, limited, 2);
      expect((await me(token).expect(200)).body.data.earningLimit).toEqual({
        reached: false,
        resetDate: '',
        message: null,
      });
    });
  });

  describe('opt-in enrolment and join-program', () => {
    let optIn: ProvisionedShop;
    const join = (token: string, body: object = {}) =>
      t.http().post(`${HEADLESS}/customer/join-program`).set(bearer(token)).send(body);

    beforeAll(async () => {
      optIn = await t.shop();
      await v2('post', '/programs', optIn)
        .send({ type: 'earning', event: 'sign_up', title: 'Welcome', earnPoint: 50 })
        .expect(201);
      await v2('put', '/settings/membership', optIn).send({ optInEnrollment: true }).expect(200);
      await t.enrol(optIn, 1);
      await t.enrol(optIn, 2);
    });

    it('a guest earns nothing until they join; joining pays the sign-up and answers the Customer', async () => {
      const token = await tokenFor(t, optIn, 1);
      const guest = (await me(token).expect(200)).body.data;
      expect(guest).toMatchObject({ type: 'guest', points: 0, totalEarned: 0 });
      const follow = (
        await v2('post', '/programs', optIn)
          .send({ type: 'earning', event: 'follow_video', title: 'Follow', earnPoint: 10 })
          .expect(201)
      ).body.data.id;
      const refused = await v2('post', '/programs/earning/social/interactions', optIn)
        .send({ platformCustomerId: '1', event: 'follow_video', earningId: follow })
        .expect(403);
      expectError(refused.body, 'NOT_ELIGIBLE', 403);

      const joined = await join(token, { joinFrom: 'loyalty_page' }).expect(200);
      expect(joined.headers['cache-control']).toBe('private, no-store');
      const customer = expectSuccess(joined.body);
      expect(customer).toMatchObject({ id: guest.id, type: 'member', points: 50, totalEarned: 50 });
      expect(customer.memberSince > guest.memberSince).toBe(true);
      expect(Object.keys(customer).sort()).toEqual(Object.keys(guest).sort());
      // Again: success, nothing more.
      expect((await join(token).expect(200)).body.data).toMatchObject({ type: 'member', points: 50 });
    });

    it('a customer the merchant took out reads as a guest and cannot join again (403 NOT_ELIGIBLE)', async () => {
      const token = await tokenFor(t, optIn, 2);
      await v2('put', `/customers/${customerIdFor(optIn.shopId, 2)}/membership`, optIn)
        .send({ membership: 'left' })
        .expect(200);
      expect((await me(token).expect(200)).body.data.type).toBe('guest');
      const res = await join(token).expect(403);
      expectError(res.body, 'NOT_ELIGIBLE', 403);
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('403 OPT_IN_NOT_ENABLED on a shop that does not run opt-in enrolment', async () => {
      const token = await tokenFor(t, shop, 1002);
      const res = await join(token).expect(403);
      expectError(res.body, 'OPT_IN_NOT_ENABLED', 403);
      expect(res.body.error.message).toBe("This store doesn't offer joining the program here.");
    });

    it('400 BAD_REQUEST for a malformed joinFrom; 401 without a token', async () => {
      const token = await tokenFor(t, optIn, 1);
      const res = await join(token, { joinFrom: 42 }).expect(400);
      expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe('joinFrom');
      const anonymous = await t.http().post(`${HEADLESS}/customer/join-program`).send({});
      expect(anonymous.status).toBe(401);
      expect(anonymous.text).toBe('');
    });
  });

  describe('exclusion (settings/membership)', () => {
    let excluding: ProvisionedShop;
    beforeAll(async () => {
      excluding = await t.shop();
      await v2('put', '/settings/membership', excluding)
        .send({ optInEnrollment: false, excludedTags: ['Wholesale'], excludedSegments: ['9001'], excludeB2B: true })
        .expect(200);
      await t.enrol(excluding, 1, { tags: 'wholesale, vip' });
      await t.enrol(excluding, 2, { segment_ids: ['9001'] });
      await t.enrol(excluding, 3, { company: { id: 5, name: 'ACME' } });
      await t.enrol(excluding, 4, { tags: 'vip', segment_ids: ['7'] });
    });

    it.each([
      ['an excluded tag (any case)', 1],
      ['an excluded segment', 2],
      ['a business (B2B) account', 3],
    ])('403 EXCLUDED and no token for %s', async (_case, id) => {
      const res = await t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(excluding, id)).expect(403);
      expectError(res.body, 'EXCLUDED', 403);
      expect(res.body.data).toBeUndefined();
    });

    it('others get their token', async () => {
      await t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(excluding, 4)).expect(200);
    });

    it('the settings read back; bad input is 400 naming the field', async () => {
      expect((await v2('get', '/settings/membership', excluding).expect(200)).body.data).toEqual({
        optInEnrollment: false,
        excludedTags: ['Wholesale'],
        excludedSegments: ['9001'],
        excludeB2B: true,
      });
      const bad = await v2('put', '/settings/membership', excluding).send({ optInEnrollment: 'yes' }).expect(400);
      expect(expectError(bad.body, 'BAD_REQUEST', 400).field).toBe('optInEnrollment');
    });
  });

  it('GET /shop/config: opt-in, currency and its format, isNewFormatDOB', async () => {
    const token = await tokenFor(t, shop, 1001);
    const res = await t.http().get(`${HEADLESS}/shop/config`).set(bearer(token)).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectSuccess(res.body)).toEqual({
      optInEnrollmentEnabled: false,
      currency: 'USD',
      currencyFormat: '${{amount}}',
      isNewFormatDOB: false,
      locale: 'en',
    });
    await v2('put', '/settings/storefront').send({ isNewFormatDOB: true }).expect(200);
    expect(
      (await t.http().get(`${HEADLESS}/shop/config`).set(bearer(token)).expect(200)).body.data.isNewFormatDOB,
    ).toBe(true);
    expect((await v2('get', '/settings/storefront').expect(200)).body.data).toEqual({
      hideAdjustPoint: false,
      isNewFormatDOB: true,
      allowedOrigins: [],
    });
  });
});
