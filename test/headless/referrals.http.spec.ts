import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { waitUntil } from '../support/receiver';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { ReferralRewardsDue } from '../../src/ledger/referrals/referral-rewards-due.scheduler';
import { bearer, HEADLESS, tokenFor } from './headless-support';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../src/infrastructure/commerce-platform/commerce-platform.port';

/**
 * Referrals through the public interfaces: the program written and read in v2, the link, the
 * storefront claim before sign-up and each of its refusals, the friend's sign-up (welcome coupon),
 * the first qualifying order (the referrer paid once), the order's code as a fallback, a refund
 * before payment (cancelled) and after it (reversed or kept), and the reads (history, parity read,
 * transaction rows).
 */
describe(`referrals (${defaultStoreKind()})`, () => {
  const s = scenario();
  let programId: string;
  const REFERRER = 7001;
  let referrerToken: string;
  let code: string;

  const claim = (body: Record<string, unknown>) => s.t.http().post(`${HEADLESS}/referrals/claim`).send(body);
  const claimFor = (email: string, c = code, shop: ShopClient = s) => claim({ shop: shop.shop.domain, code: c, email });
  const history = async (token: string) =>
    expectSuccess((await s.t.http().get(`${HEADLESS}/customer/referral-history`).set(bearer(token)).expect(200)).body);
  const friendRow = async (token: string, label: string) =>
    ((await history(token)) as Array<Record<string, unknown>>).find((r) => r.friend === label);
  const order = (shop: ShopClient, id: number, customer: number, total: string, extra: Record<string, unknown> = {}) =>
    shop.platform('orders/paid', {
      id,
      name: `#${id}`,
      customer: { id: customer, email: `c${customer}@example.com` },
      total_price: total,
      currency: 'USD',
      line_items: [],
      ...extra,
    });
  const coupons = async (shop: ShopClient, id: number) =>
    (await shop.get(`/rewards?platformCustomerId=${id}&limit=100`).expect(200)).body.data as Array<Record<string, any>>;
  const streamTypes = async (shop: ShopClient, customerId: string) =>
    (await s.t.store.storage.eventStore.readStream(customerStreamId(shop.shop.shopId, customerId))).map((e) => e.type);

  beforeAll(async () => {
    programId = await s.earning('referral', 'Refer a friend', {
      earnPoint: 500,
      referral: {
        friendCoupon: { type: 'amount_discount', value: 10, expiresInDays: 30 },
        minimumSubtotal: 20,
        refundAfterReward: 'reverse',
      },
    });
    await s.enrol(REFERRER, { email: 'rita@example.com' });
    referrerToken = await tokenFor(s.t, s.shop, REFERRER, 'rita@example.com');
    code = (await s.customer(REFERRER)).referralCode;
  });

  it('the program is written and read in v2 with its settled referral settings; relations are refused naming the field', async () => {
    const program = expectSuccess((await s.get(`/programs/${programId}`).expect(200)).body);
    expect(program).toMatchObject({
      event: 'referral',
      type: 'earning',
      earnPoint: 500,
      referral: {
        referrerReward: 'points',
        referrerCoupon: null,
        friendCoupon: { type: 'amount_discount', value: 10, orderReqAmount: null, expiresInDays: 30, codePrefix: null },
        minimumSubtotal: 20,
        waitingDays: 0,
        refundAfterReward: 'reverse',
      },
    });
    const place = await s.earning('place_order', 'Orders', { earnPoint: 1, rateMoney: 1 });
    expect(expectSuccess((await s.get(`/programs/${place}`).expect(200)).body).referral).toBeNull();
    for (const [body, field] of [
      [{ earnPoint: 5, referral: { referrerReward: 'coupon' } }, 'referral.referrerCoupon'],
      [
        { earnPoint: 5, referral: { friendCoupon: { type: 'percentage_discount', value: 150 } } },
        'referral.friendCoupon.value',
      ],
      [{ earnPoint: 5, referral: { waitingDays: 400 } }, 'referral.waitingDays'],
      [{ earnPoint: 5, referral: { friendCoupon: { type: 'gift' } } }, 'referral.friendCoupon.type'],
    ] as const) {
      const res = await s.post('/programs', { type: 'earning', event: 'referral', title: 'R', ...body }).expect(400);
      expect([field, expectError(res.body, 'BAD_REQUEST', 400).field]).toEqual([field, field]);
    }
    await s.delete(`/programs/${place}`).expect(200);
  });

  it("the customer's link: the shop's page with ?ref=<code>, made once (created then not)", async () => {
    const first = await s.t.http().post(`${HEADLESS}/customer/referral-link`).set(bearer(referrerToken)).expect(200);
    expect(expectSuccess(first.body)).toEqual({
      code,
      link: `https://${s.shop.domain}/?ref=${code}`,
      programId,
      createdAt: expect.any(String),
      created: true,
    });
    const again = await s.t.http().post(`${HEADLESS}/customer/referral-link`).set(bearer(referrerToken)).expect(200);
    expect(again.body.data.created).toBe(false);
    expect(await streamTypes(s, (await s.customer(REFERRER)).id)).toContain('referral.link-created.v1');
    // The personalised program carries the code and the link; the public list neither.
    const mine = (await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(referrerToken)).expect(200)).body
      .data;
    expect(mine.find((p: any) => p.key === 'referral').referral).toMatchObject({
      code,
      link: `https://${s.shop.domain}/?ref=${code}`,
      friendReward: '$10.00 off your order',
      yourReward: '500 bonus points',
      minimumSubtotal: 20,
    });
  });

  it('the full flow: code claimed, friend signs up (welcome coupon), first order paid, referrer rewarded once', async () => {
    const FRIEND = 7101;
    const email = `c${FRIEND}@example.com`;
    const claimed = expectSuccess((await claimFor(email).expect(200)).body);
    expect(claimed).toMatchObject({ code, state: 'invited', programId, friendCoupon: { type: 'amount_discount' } });
    // Claimed again: answered the same.
    await claimFor(email.toUpperCase()).expect(200);
    await waitUntil(
      async () => (await friendRow(referrerToken, 'c•••@e•••.com'))?.state === 'invited',
      10_000,
      'invited',
    );

    const minting = jest.spyOn(s.t.app.get<CommercePlatform>(COMMERCE_PLATFORM), 'createDiscount');
    const friendId = await s.enrol(FRIEND, { created_at: null });
    await waitUntil(async () => (await coupons(s, FRIEND)).length === 1, 10_000, 'welcome coupon');
    const [welcome] = await coupons(s, FRIEND);
    // The coupon belongs to the referral program (its title), and the platform's discount is titled as the
    // program's texts say it, with the shop's currency.
    expect(welcome).toMatchObject({
      couponCode: expect.stringMatching(/^REF-/),
      program: { id: programId, title: 'Refer a friend' },
    });
    expect(minting).toHaveBeenCalledWith(expect.objectContaining({ title: '$10.00 off your order' }));
    minting.mockRestore();
    await waitUntil(
      async () => (await friendRow(referrerToken, 'c•••@e•••.com'))?.state === 'joined',
      10_000,
      'joined',
    );

    // A first order below the minimum does not qualify; the next one does, and pays the referrer once.
    await order(s, 7101001, FRIEND, '15.00').expect(200);
    await order(s, 7101002, FRIEND, '40.00', { subtotal_price: '35.00' }).expect(200);
    await order(s, 7101002, FRIEND, '40.00', { subtotal_price: '35.00' }).expect(200);
    await order(s, 7101003, FRIEND, '90.00').expect(200);
    await waitUntil(async () => (await s.balance(REFERRER)) === 500, 10_000, 'referrer paid');
    await new Promise((r) => setTimeout(r, 1500));
    expect(await s.balance(REFERRER)).toBe(500);
    const row = await friendRow(referrerToken, 'c•••@e•••.com');
    expect(row).toMatchObject({ state: 'rewarded', pointsEarned: 500, via: 'claim', reason: null });
    const friendTypes = await streamTypes(s, friendId);
    expect(friendTypes.filter((t) => t === 'referral.attributed.v1')).toHaveLength(1);
    expect(friendTypes.filter((t) => t === 'referral.qualified.v1')).toHaveLength(1);

    // The referrer's row names both: the referrer's email, and the friend's read from their record.
    const tx = (await s.transactions(`platformCustomerId=${REFERRER}`).expect(200)).body.data;
    const paid = tx.find((t: any) => t.event === 'referral');
    expect(paid).toMatchObject({
      earnPoint: 500,
      programId,
      referralCustomerEmail: 'rita@example.com',
      referredCustomerEmail: email,
      source: 'referral',
    });
    expect(expectSuccess((await s.get(`/transactions/${paid.id}`).expect(200)).body).referredCustomerEmail).toBe(email);
    // The loyalty-page parity read lists the same friends.
    const parity = (
      await s.t.http().get(`${HEADLESS}/customer/loyalty-page/referral-history`).set(bearer(referrerToken)).expect(200)
    ).body;
    expect(parity).toMatchObject({ success: true, error: '', pageInfo: { hasNext: false, hasPre: false } });
    expect(parity.data.find((r: any) => r.friend === 'c•••@e•••.com')).toMatchObject({ state: 'rewarded' });
    // The storefront activity says who ordered.
    const activities = (await s.t.http().get(`${HEADLESS}/customer/activities`).set(bearer(referrerToken)).expect(200))
      .body.data;
    expect(activities[0].title).toBe('Your friend c•••@e•••.com ordered: you earned 500 points');
  });

  it('each refusal of a claim is a 400 with its code and reason, and recorded', async () => {
    const refused = async (body: Record<string, unknown>, codeName: string, reason: string) => {
      const res = await claim(body).expect(400);
      expect([reason, expectError(res.body, codeName, 400)]).toEqual([reason, expect.objectContaining({ reason })]);
    };
    const domain = s.shop.domain;
    await refused({ shop: domain, code: 'ZZZZZZZZ', email: 'x1@example.com' }, 'REFERRAL_CODE_UNKNOWN', 'unknown_code');
    const other = await s.newShop();
    await other.enrol(1);
    const otherCode = (await other.customer(1)).referralCode;
    await refused(
      { shop: domain, code: otherCode, email: 'x2@example.com' },
      'REFERRAL_CODE_OTHER_SHOP',
      'code_of_another_shop',
    );
    // The other shop runs no referral program.
    await refused(
      { shop: other.shop.domain, code: otherCode, email: 'x3@example.com' },
      'INVALID_PROGRAM',
      'no_program',
    );
    await refused(
      { shop: domain, code, email: 'Rita+friend@example.com' },
      'SELF_REFERRAL',
      'self_referral_same_email',
    );
    await refused(
      { shop: domain, code, email: `c${REFERRER}@example.com`.replace(String(REFERRER), '7101') },
      'ALREADY_CUSTOMER',
      'already_customer',
    );
    // A friend claimed by one referrer is not claimed by another.
    await s.enrol(7002, { email: 'otto@example.com' });
    const ottoCode = (await s.customer(7002)).referralCode;
    await claimFor('x4@example.com').expect(200);
    await refused({ shop: domain, code: ottoCode, email: 'x4@example.com' }, 'ALREADY_REFERRED', 'already_referred');
    // A referrer who is excluded, or who has left.
    await s.put('/settings/membership', { optInEnrollment: false, excludedTags: ['staff'] }).expect(200);
    await s.platform('customers/update', { id: 7002, tags: 'staff' }).expect(200);
    await refused(
      { shop: domain, code: ottoCode, email: 'x5@example.com' },
      'REFERRER_NOT_ELIGIBLE',
      'referrer_excluded',
    );
    await s.put('/settings/membership', { optInEnrollment: false, excludedTags: [] }).expect(200);
    await s.enrol(7003, { email: 'lea@example.com' });
    const lea = await s.customer(7003);
    const leaToken = await tokenFor(s.t, s.shop, 7003, 'lea@example.com');
    await s.put(`/customers/${lea.id}/membership`, { membership: 'left' }).expect(200);
    await refused(
      { shop: domain, code: lea.referralCode, email: 'x6@example.com' },
      'REFERRER_NOT_ELIGIBLE',
      'referrer_left',
    );
    // A customer who left gets no link either (403), and a shop without a program none at all (400).
    const link = (token: string) => s.t.http().post(`${HEADLESS}/customer/referral-link`).set(bearer(token));
    expectError((await link(leaToken).expect(403)).body, 'NOT_ELIGIBLE', 403);
    const otherToken = await tokenFor(s.t, other.shop, 1);
    expect(expectError((await link(otherToken).expect(400)).body, 'INVALID_PROGRAM', 400).reason).toBe('no_program');
    // The history's query is checked like every list's.
    const badPage = s.t.http().get(`${HEADLESS}/customer/referral-history?limit=many`).set(bearer(referrerToken));
    expectError((await badPage.expect(400)).body, 'BAD_REQUEST', 400);
    // The shape of the code and the email are checked first.
    expectError(
      (await claim({ shop: domain, code: 'a b', email: 'x@example.com' }).expect(400)).body,
      'BAD_REQUEST',
      400,
    );
    expectError((await claim({ shop: domain, code, email: 'nope' }).expect(400)).body, 'BAD_REQUEST', 400);
    expectError(
      (await claim({ shop: 'nowhere.example.com', code, email: 'x@example.com' }).expect(404)).body,
      'NOT_FOUND',
      404,
    );
    // Refusals naming a referrer show in their history.
    await waitUntil(
      async () => (await friendRow(referrerToken, 'r•••@e•••.com'))?.reason === 'self_referral_same_email',
      10_000,
      'self referral noted',
    );
  });

  it("the order's discount code is the fallback: a first order with the code attributes and qualifies the friend", async () => {
    const FRIEND = 7201;
    await s.enrol(FRIEND, { created_at: null });
    const before = await s.balance(REFERRER);
    await order(s, 7201001, FRIEND, '30.00', {
      discount_codes: [{ code: code.toLowerCase() }, { code: 'SUMMER10' }],
    }).expect(200);
    await waitUntil(async () => (await s.balance(REFERRER)) === before + 500, 10_000, 'paid by discount code');
    await waitUntil(async () => (await coupons(s, FRIEND)).length === 1, 10_000, 'welcome coupon');
    expect(await friendRow(referrerToken, 'c•••@e•••.com')).toBeDefined();
  });

  it('the landing attribute is a fallback too; the referrer using their own code is refused (self referral)', async () => {
    const FRIEND = 7301;
    await s.enrol(FRIEND, { created_at: null });
    const before = await s.balance(REFERRER);
    await order(s, 7301001, FRIEND, '25.00', { landing_site: `/products/tea?ref=${code}&utm_source=x` }).expect(200);
    await waitUntil(async () => (await s.balance(REFERRER)) === before + 500, 10_000, 'paid by landing attribute');
    const own = await order(s, 7001001, REFERRER, '25.00', { discount_codes: [{ code }] }).expect(200);
    expect(own.body.data.recorded).toBe(true);
    const types = await streamTypes(s, (await s.customer(REFERRER)).id);
    expect(types).toContain('referral.refused.v1');
  });

  it('the same address as the referrer\u2019s orders: the friend is refused at qualification; no reward', async () => {
    const address = { address1: '1 Rue de la Paix', zip: '75002', country_code: 'FR' };
    await order(s, 7001002, REFERRER, '12.00', { shipping_address: address }).expect(200);
    const FRIEND = 7401;
    await s.enrol(FRIEND, { created_at: null });
    const before = await s.balance(REFERRER);
    await order(s, 7401001, FRIEND, '80.00', {
      discount_codes: [{ code }],
      shipping_address: { ...address, address1: '1, rue de la PAIX' },
    }).expect(200);
    await waitUntil(
      async () => ((await history(referrerToken)) as any[]).some((r) => r.reason === 'self_referral_same_address'),
      10_000,
      'refused same address',
    );
    expect(await s.balance(REFERRER)).toBe(before);
  });

  it('a refund after the reward takes the points back (policy reverse); the history says so', async () => {
    const FRIEND = 7501;
    await s.enrol(FRIEND, { created_at: null });
    const before = await s.balance(REFERRER);
    await order(s, 7501001, FRIEND, '50.00', { discount_codes: [{ code }] }).expect(200);
    await waitUntil(async () => (await s.balance(REFERRER)) === before + 500, 10_000, 'paid');
    await s.refund(75010011, 7501001, '50.00').expect(200);
    await waitUntil(async () => (await s.balance(REFERRER)) === before, 10_000, 'reversed');
    const tx = (await s.transactions(`platformCustomerId=${REFERRER}`).expect(200)).body.data;
    expect(tx[0]).toMatchObject({
      event: 'order_refunded',
      spendPoint: 500,
      referredCustomerEmail: `c${FRIEND}@example.com`,
    });
  });
});

describe(`referrals with waiting days (${defaultStoreKind()})`, () => {
  // A clock the test moves: the waiting days pass in an instant.
  let now = new Date();
  const s = scenario(() => ({ clock: { now: () => now } }));
  const REFERRER = 8001;
  let code: string;
  const order = (id: number, customer: number, total: string, extra: Record<string, unknown> = {}) =>
    s.platform('orders/paid', {
      id,
      customer: { id: customer },
      total_price: total,
      currency: 'USD',
      line_items: [],
      ...extra,
    });

  beforeAll(async () => {
    await s.earning('referral', 'Refer', {
      referral: {
        referrerReward: 'coupon',
        referrerCoupon: { type: 'percentage_discount', value: 15, codePrefix: 'THANKS' },
        waitingDays: 14,
      },
    });
    await s.enrol(REFERRER);
    code = (await s.customer(REFERRER)).referralCode;
  });

  it('the reward waits its days; a refund before then cancels it; the sweep pays the others once, as a coupon', async () => {
    const sweep = s.t.app.get(ReferralRewardsDue);
    for (const friend of [8101, 8102]) await s.enrol(friend, { created_at: null });
    await order(8101001, 8101, '30.00', { discount_codes: [{ code }] }).expect(200);
    await order(8102001, 8102, '30.00', { discount_codes: [{ code }] }).expect(200);
    const referrerId = (await s.customer(REFERRER)).id;
    const referrerTypes = async () =>
      (await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, referrerId))).map((e) => e.type);
    const count = async (type: string) => (await referrerTypes()).filter((t) => t === type).length;
    await waitUntil(async () => (await count('referral.friend-qualified.v1')) === 2, 10_000, 'two qualified');
    // Not due yet: the sweep pays nothing.
    await sweep.runOnce();
    expect(await count('referral.reward-earned.v1')).toBe(0);
    // A refund before the reward is paid cancels it.
    await s.refund(81010011, 8101001, '30.00').expect(200);
    await waitUntil(async () => (await count('referral.reward-cancelled.v1')) === 1, 10_000, 'cancelled');
    // Fifteen days later the sweep pays the other one, once, however often it runs.
    now = new Date(now.getTime() + 15 * 86_400_000);
    await sweep.runOnce();
    await sweep.runOnce();
    expect(await count('referral.reward-earned.v1')).toBe(1);
    const rewards = async () =>
      (await s.get(`/rewards?platformCustomerId=${REFERRER}&limit=100`).expect(200)).body.data as any[];
    await waitUntil(async () => (await rewards()).length === 1, 10_000, "the referrer's coupon");
    expect((await rewards())[0]).toMatchObject({ couponCode: expect.stringMatching(/^THANKS-/) });
    expect((await s.customer(REFERRER)).point).toBe(0);
  });
});
