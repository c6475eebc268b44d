import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { scenario } from '../support/scenario';
import { auth, OPERATOR_TOKEN } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { OpenApiDocument, SchemaChecker } from '../support/openapi';
import { HEADLESS, bearer, hmacGrant, tokenFor } from '../headless/headless-support';

/**
 * A client generated from the document types each answer by the schema documented for its status:
 * real answers of the running service, one per operation here, must match it, and carry no field
 * the schema does not name.
 */
const OPERATOR = { Authorization: `Bearer ${OPERATOR_TOKEN}` };

describe(`OpenAPI: real answers match the documented schemas (${defaultStoreKind()})`, () => {
  // Webhooks to this machine (nothing listens; no worker sends them).
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false' } });
  let doc: OpenApiDocument;
  let checker: SchemaChecker;
  const ids: Record<string, string> = {};
  const mismatches: string[] = [];

  /** Sends the call, expects `status`, and records where the body differs from the documented schema. */
  async function answer(method: string, path: string, call: request.Test, status: number) {
    const res = await call;
    expect({ method, path, status: res.status, body: res.status === status ? 'as expected' : res.body }).toEqual({
      method,
      path,
      status,
      body: 'as expected',
    });
    // A query parameter documented as required was not needed for this success: the document lies.
    const sent = new URL((call as unknown as { url: string }).url).searchParams;
    for (const param of doc.paths[path]?.[method]?.parameters ?? [])
      if (status < 300 && param.in === 'query' && param.required && !sent.has(param.name))
        mismatches.push(
          `${method} ${path}: query ${param.name} is documented as required, answered ${status} without it`,
        );
    const documented = doc.paths[path]?.[method]?.responses[String(status)];
    const schema = documented?.content?.['application/json']?.schema;
    if (!documented) mismatches.push(`${method} ${path} ${status}: not documented`);
    else if (!schema && Object.keys(res.body ?? {}).length > 0)
      mismatches.push(`${method} ${path} ${status}: a body, none documented`);
    else if (schema)
      mismatches.push(...checker.errors(schema, res.body, true).map((e) => `${method} ${path} ${status}: ${e}`));
    return res.body;
  }

  const v2 = (method: 'get' | 'post' | 'put' | 'delete', path: string, url = path, body?: object, status = 200) => {
    const call = s.t.http()[method](`/rest_api/v2${url}`).set(s.keys);
    return answer(method, `/rest_api/v2${path}`, body ? call.send(body) : call, status);
  };
  const operator = (method: 'get' | 'post' | 'put', path: string, url: string, body?: object, status = 200) => {
    const http = s.t.http();
    const call = http[method](`/admin/api${url}`).set(OPERATOR);
    return answer(method, `/admin/api${path}`, body ? call.send(body) : call, status);
  };

  beforeAll(async () => {
    doc = (await s.t.http().get('/docs/json').expect(200)).body;
    checker = new SchemaChecker(doc);
    const gold = await s.tier({
      name: 'Gold',
      targetPoint: 1000,
      tierRewards: [{ event: 'bonus_point', type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' }],
    });
    ids.gold = gold.id;
    ids.signUp = await s.earning('sign_up', 'Welcome', { earnPoint: 100 });
    ids.follow = await s.earning('follow_photo', 'Follow us', { earnPoint: 25 });
    ids.orders = await s.earning('place_order', 'Orders', {
      earnPoint: 1,
      rateMoney: 1,
      earnPointsTiers: [{ tierId: gold.id, earnPoint: 2, rateMoney: 1 }],
    });
    ids.fiveOff = await s.spending('amount_discount', '$5 off', { pointsCost: 100, rewardValue: 5 });
    ids.customer = await s.enrol(1001);
    await s.award(1001, 500);
    ids.webhook = await s.subscribe('points/earned', 'http://127.0.0.1:9/hook');
    ids.token = await tokenFor(s.t, s.shop, 1001);
  });

  // Each test's answers, checked as it ends (so the test that made a mismatch is the one failing).
  afterEach(() => expect(mismatches.splice(0)).toEqual([]));

  it('v2 customers, transactions and rewards', async () => {
    await v2('get', '/customers', '/customers?hasCount=true');
    await v2('get', '/customers/{customerId}', `/customers/${ids.customer}`);
    await v2('get', '/customers/external/{platformCustomerId}', '/customers/external/1001');
    await v2('get', '/customers/{customerId}/points/earned', '/customers/1001/points/earned');
    await v2('put', '/customers/external/{platformCustomerId}', '/customers/external/1001', { birthday: '04/23' });
    await v2('put', '/customers/{customerId}/tier', `/customers/${ids.customer}/tier`, { tierId: ids.gold });
    for (const kind of ['award', 'deduct', 'adjust', 'reset'])
      await v2('post', `/transactions/points/${kind}`, undefined, { platformCustomerId: '1001', point: 600 });
    await v2('put', '/customers/{customerId}', `/customers/${ids.customer}`, { dateOfBirth: '1990-04-23' });
    await v2('put', '/customers/external/{platformCustomerId}/tier', '/customers/external/1001/tier', {
      tierId: ids.gold,
    });
    const page = await v2('get', '/transactions', '/transactions?platformCustomerId=1001&hasCount=true');
    await v2('get', '/transactions/{transactionId}', `/transactions/${page.data[0].id}`);
    await v2('post', '/programs/redemption/redeem', undefined, {
      programId: ids.fiveOff,
      platformCustomerId: '1001',
      quantity: 1,
    });
    const rewards = await v2('get', '/rewards', '/rewards?platformCustomerId=1001');
    const reward = await v2('get', '/rewards/{rewardId}', `/rewards/${rewards.data[0].id}`);
    await v2('post', '/rewards/coupons/refund', undefined, {
      discountCode: reward.data.couponCode,
      platformCustomerId: '1001',
    });
  });

  it('v2 programs, tiers, shop, translations', async () => {
    await v2('get', '/programs/earning');
    await v2('get', '/programs/earning/eligibility', '/programs/earning/eligibility?platformCustomerId=1001');
    await v2('get', '/programs/redemption', '/programs/redemption?platformCustomerId=1001');
    await v2('get', '/programs/{programId}', `/programs/${ids.fiveOff}?platformCustomerId=1001`);
    await v2('get', '/programs/{programId}', `/programs/${ids.orders}`);
    await v2('post', '/programs/earning/points/calculate', undefined, {
      platformCustomerId: '1001',
      products: [{ id: '1', quantity: 2, price: 10 }],
    });
    await v2('post', '/programs/earning/social/interactions', undefined, {
      platformCustomerId: '1001',
      event: 'follow_photo',
      earningId: ids.follow,
    });
    await v2('put', '/programs/{programId}', `/programs/${ids.signUp}`, { earnPoint: 150 });
    await v2('get', '/tiers');
    await v2('get', '/tiers/{tierId}', `/tiers/${ids.gold}`);
    await v2('get', '/tiers/benefits/{benefitType}', '/tiers/benefits/bonus_point');
    await v2('get', '/tiers/benefits/{benefitType}', '/tiers/benefits/place_order');
    await v2('get', '/whoami');
    for (const setting of ['points-expiry', 'earning-limit', 'tier-retention', 'membership', 'storefront'])
      await v2('get', `/settings/${setting}`);
    await v2('put', '/settings/storefront', undefined, { hideAdjustPoint: true });
    const translations = await v2('get', '/translations');
    await v2('put', '/translations', undefined, translations.data);
    await v2('get', '/translations/defaults');
    await v2('put', '/translations/faqs', undefined, { en: [{ title: 'Q', content: 'A', orderBy: 1 }] });
  });

  it('v2 privacy and audit', async () => {
    const request = await v2(
      'post',
      '/privacy/customers/external/{platformCustomerId}/data-request',
      '/privacy/customers/external/1001/data-request',
      {},
    );
    await v2('get', '/privacy/requests');
    await v2('get', '/privacy/requests/{requestId}/document', `/privacy/requests/${request.data.requestId}/document`);
    await v2('get', '/audit/customers/{customerId}/events', `/audit/customers/${ids.customer}/events?hasCount=true`);
    await v2('get', '/audit/customers/{customerId}/state', `/audit/customers/${ids.customer}/state`);
    await v2('put', '/settings/accounting', undefined, { pointValue: '0.01' });
    await v2('get', '/settings/accounting');
    const from = encodeURIComponent('2026-01-01T00:00:00Z');
    const to = encodeURIComponent('2027-01-01T00:00:00Z');
    await v2('get', '/audit/liability', `/audit/liability?from=${from}&to=${to}&interval=month`);
  });

  it('v1 and the webhook API', async () => {
    const v1 = (method: 'get' | 'post', path: string, url = path, body?: object) => {
      const call = s.t.http()[method](`/rest_api/v1${url}`).set(s.keys);
      return answer(method, `/rest_api/v1${path}`, body ? call.send(body) : call, 200);
    };
    await v1('get', '/earning');
    await v1('get', '/earning/{programId}', `/earning/${ids.orders}`);
    await v1('get', '/earning-programs-by-customer', '/earning-programs-by-customer?shopifyCustomerId=1001');
    await v1('post', '/earn/calc-points', undefined, { products: [{ id: 1, quantity: 1, price: 10 }] });
    const game = await s.earning('join_game', 'Play', { earnPoint: 5 });
    await v1('post', '/earn/interact-social', undefined, { shopifyCustomerId: 1001, earningId: game });
    const hooks = (method: 'get' | 'put', path: string, url = path, body?: object) =>
      answer(method, `/app/api/v1/webhooks${path}`, s.webhooks(method, url, body), 200);
    await hooks('get', '');
    await hooks('get', '/{id}', `/${ids.webhook}`);
    await hooks('put', '/{id}', `/${ids.webhook}`, { isEnabled: false });
    await hooks('get', '/{id}/deliveries', `/${ids.webhook}/deliveries`);
  });

  it('the headless API', async () => {
    const as = bearer(ids.token);
    const headless = (method: 'get' | 'post' | 'patch', path: string, url = path, body?: object) => {
      const call = s.t.http()[method](`${HEADLESS}${url}`).set(as);
      return answer(method, `${HEADLESS}${path}`, body ? call.send(body) : call, 200);
    };
    for (const path of [
      '/customer',
      '/customer/programs',
      '/customer/activities',
      '/customer/rewards',
      '/customer/referral-history',
      '/customer/loyalty-page/rewards',
      '/customer/loyalty-page/activities',
      '/customer/loyalty-page/referral-history',
      '/shop/config',
    ])
      await headless('get', path);
    await headless('patch', '/customer/profile', undefined, { phone: '+15551234567' });
    await answer(
      'post',
      `${HEADLESS}/auth/token`,
      s.t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(s.shop, 1001)),
      200,
    );
    const redeem = s.t
      .http()
      .post(`${HEADLESS}/customer/redeem`)
      .set({ ...as, 'Idempotency-Key': randomUUID() })
      .send({ programId: ids.fiveOff });
    await answer('post', `${HEADLESS}/customer/redeem`, redeem, 200);
    await answer('get', `${HEADLESS}/programs`, s.t.http().get(`${HEADLESS}/programs?shop=${s.shop.domain}`), 200);
  });

  it('the operator API', async () => {
    const shop = await operator(
      'post',
      '/shops',
      '/shops',
      { domain: `openapi-${randomUUID().slice(0, 8)}.example.com` },
      201,
    );
    const shopId = shop.data.shopId;
    await operator('post', '/shops/{shopId}/rotate-secret', `/shops/${shopId}/rotate-secret`);
    await operator('post', '/shops/{shopId}/rotate-headless-secret', `/shops/${shopId}/rotate-headless-secret`);
    await operator('post', '/shops/{shopId}/audit-keys', `/shops/${s.shop.shopId}/audit-keys`, { label: 'x' }, 201);
    await operator('get', '/shops/{shopId}/audit-keys', `/shops/${s.shop.shopId}/audit-keys`);
    const job = await operator('post', '/audit/verifications', '/audit/verifications', { shopId: s.shop.shopId }, 202);
    await operator('get', '/audit/verifications/{jobId}', `/audit/verifications/${job.data.id}`);
    const requests = await operator(
      'get',
      '/shops/{shopId}/privacy/requests',
      `/shops/${s.shop.shopId}/privacy/requests`,
    );
    await operator(
      'get',
      '/shops/{shopId}/privacy/requests/{requestId}/document',
      `/shops/${s.shop.shopId}/privacy/requests/${requests.data[0].requestId}/document`,
    );
    await answer('get', '/health', s.t.http().get('/health'), 200);
  });

  it('configuration writes: tiers, programs, webhooks, settings, secrets, audit keys', async () => {
    const tier = await v2('post', '/tiers', undefined, { name: 'Silver', targetPoint: 300 }, 201);
    await v2('put', '/tiers/{tierId}', `/tiers/${tier.data.id}`, { name: 'Silver+' });
    await v2('delete', '/tiers/{tierId}', `/tiers/${tier.data.id}`);
    const program = await v2(
      'post',
      '/programs',
      undefined,
      { type: 'earning', event: 'join_game', title: 'Play', earnPoint: 5 },
      201,
    );
    await v2('delete', '/programs/{programId}', `/programs/${program.data.id}`);
    await v2('put', '/settings/points-expiry', undefined, { mode: 'inactivity', inactivityDays: 365 });
    await v2('put', '/settings/earning-limit', undefined, { enabled: true, maxPoints: 1000, period: 'month' });
    await v2('put', '/settings/tier-retention', undefined, { downgrade: true });
    await v2('put', '/settings/membership', undefined, { optInEnrollment: false, excludedTags: ['staff'] });
    await v2('put', '/customers/{customerId}/membership', '/customers/1001/membership', { membership: 'left' });
    const hook = (method: 'post' | 'delete', path: string, url: string, body?: object) =>
      answer(method, `/app/api/v1/webhooks${path}`, s.webhooks(method, url, body), 200);
    const created = await hook('post', '', '', { topic: 'tier/upgraded', url: 'http://127.0.0.1:9/tiers' });
    await answer(
      'post',
      '/app/api/v1/webhooks/{id}/deliveries/redeliver',
      s.webhooks('post', `/${created.webhook.id}/deliveries/redeliver?status=failed`),
      200,
    );
    await hook('delete', '/{id}', `/${created.webhook.id}`);
    const secret = { secret: 'a-platform-secret-of-some-length' };
    await operator(
      'put',
      '/shops/{shopId}/platform-webhook-secret',
      `/shops/${s.shop.shopId}/platform-webhook-secret`,
      secret,
    );
    await answer(
      'delete',
      '/admin/api/shops/{shopId}/platform-webhook-secret',
      s.t.http().delete(`/admin/api/shops/${s.shop.shopId}/platform-webhook-secret`).set(OPERATOR),
      200,
    );
    const key = await operator('post', '/shops/{shopId}/audit-keys', `/shops/${s.shop.shopId}/audit-keys`, {}, 201);
    await answer(
      'delete',
      '/admin/api/shops/{shopId}/audit-keys/{keyId}',
      s.t.http().delete(`/admin/api/shops/${s.shop.shopId}/audit-keys/${key.data.id}`).set(OPERATOR),
      200,
    );
  });

  it('refusals are in the documented error envelope of their family', async () => {
    await v2('get', '/customers/{customerId}', '/customers/nobody', undefined, 404);
    await v2('get', '/transactions', '/transactions', undefined, 400);
    await answer('get', '/rest_api/v2/whoami', s.t.http().get('/rest_api/v2/whoami'), 401);
    await answer('get', '/app/api/v1/webhooks/{id}', s.webhooks('get', '/nope'), 404);
    await answer('get', `${HEADLESS}/customer`, s.t.http().get(`${HEADLESS}/customer`), 401);
    await answer(
      'post',
      `${HEADLESS}/customer/join-program`,
      s.t.http().post(`${HEADLESS}/customer/join-program`).set(bearer(ids.token)).send({}),
      403,
    );
    await answer(
      'get',
      `${HEADLESS}/customer/activities-by-order`,
      s.t.http().get(`${HEADLESS}/customer/activities-by-order?orderId=x`).set(bearer(ids.token)),
      400,
    );
    await answer(
      'post',
      `${HEADLESS}/auth/token`,
      s.t.http().post(`${HEADLESS}/auth/token`).send({ grant_type: 'hmac', shopDomain: s.shop.domain }),
      400,
    );
    await answer(
      'get',
      '/rest_api/v1/earning/{programId}',
      s.t.http().get('/rest_api/v1/earning/nope').set(auth(s.shop)),
      404,
    );
  });

  it('storefront claims and their moderation answer as documented', async () => {
    const form = await s.earning('submit_form', 'Tell us', { earnPoint: 10, form: { instantRewardEnabled: true } });
    await s.earning('write_review', 'Review', { earnPoint: 5, review: { redirectUrl: '/thanks', extraPoints: 2 } });
    await s.earning('maps_review', 'Maps', { earnPoint: 5, urlLocation: 'https://maps.example.com/x' });
    await s.earning('streak_interact_website', 'Daily', { earnPoint: 1, streakMilestones: [{ day: 1, points: 3 }] });
    await s.earning('birthday', 'Birthday', {
      earnPoint: 1,
      birthdayRewards: { options: [{ id: 'cake', label: 'Cake', points: 5 }] },
    });
    await s.enrol(1009);
    const token = await tokenFor(s.t, s.shop, 1009);
    const program = await v2('get', '/programs/{programId}', `/programs/${form}`);
    expect(program.data.form).toMatchObject({ autoApprove: false });
    const headless = (url: string) => s.t.http().get(`${HEADLESS}${url}`).set(bearer(token));
    await answer('get', `${HEADLESS}/customer/programs`, headless('/customer/programs'), 200);
    const earn = (body: object) => s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(token)).send(body);
    const earned = await answer('post', `${HEADLESS}/customer/earn`, earn({ programId: form }), 200);
    expect(earned.data.status).toBe('pending');
    await answer('post', `${HEADLESS}/customer/earn`, earn({}), 400);
    const page = await v2('get', '/submissions', '/submissions?status=pending');
    const id = page.data[0].id;
    await v2('post', '/submissions/{submissionId}/approve', `/submissions/${id}/approve`, {});
    await v2('post', '/submissions/{submissionId}/reject', `/submissions/${id}/reject`, {}, 409);
    await v2('post', '/submissions/{submissionId}/approve', '/submissions/nope/approve', {}, 404);
    expect(mismatches).toEqual([]);
  });

  it('milestone ladders, progress and claims answer as documented', async () => {
    const created = await v2(
      'post',
      '/programs',
      '/programs',
      {
        type: 'earning',
        event: 'milestone',
        title: 'Ladder',
        typeMilestone: 'order',
        milestones: [
          { value: 1, rewards: [{ action: 'bonus_point', points: 5 }] },
          {
            value: 2,
            rewardLogic: 'selectOne',
            rewards: [
              { action: 'bonus_point', points: 9 },
              { action: 'free_gift', variantIds: ['1', '2'] },
            ],
          },
        ],
      },
      201,
    );
    const ladder = created.data.id;
    await s.enrol(1010);
    await s
      .platform('orders/paid', { id: 77001, customer: { id: 1010 }, total_price: '10.00', line_items: [] })
      .expect(200);
    const token = await tokenFor(s.t, s.shop, 1010);
    const get = (url: string) => s.t.http().get(`${HEADLESS}${url}`).set(bearer(token));
    const post = (url: string, body: object) => s.t.http().post(`${HEADLESS}${url}`).set(bearer(token)).send(body);
    await answer('get', `${HEADLESS}/customer/milestones/{programId}`, get(`/customer/milestones/${ladder}`), 200);
    await answer('get', `${HEADLESS}/customer/milestones/{programId}`, get('/customer/milestones/nope'), 400);
    await answer('get', `${HEADLESS}/customer/milestone`, get('/customer/milestone'), 200);
    await answer('get', `${HEADLESS}/customer/milestone`, get('/customer/milestone?type=order&type=mixed'), 400);
    const claim = `/customer/milestones/${ladder}/claim`;
    await answer(
      'post',
      `${HEADLESS}/customer/milestones/{programId}/claim`,
      post(claim, { claimKey: '1', selectedRewardIds: [0] }),
      200,
    );
    await answer(
      'post',
      `${HEADLESS}/customer/milestones/{programId}/claim`,
      post(claim, { claimKey: '1', selectedRewardIds: [0] }),
      400,
    );
    await answer(
      'post',
      `${HEADLESS}/customer/milestone/claim`,
      post('/customer/milestone/claim', { programId: 'nope', milestoneValue: 1 }),
      404,
    );
    await s
      .platform('orders/paid', { id: 77002, customer: { id: 1010 }, total_price: '10.00', line_items: [] })
      .expect(200);
    const flat = await answer(
      'post',
      `${HEADLESS}/customer/milestone/claim`,
      post('/customer/milestone/claim', { programId: ladder, milestoneValue: 2, selectedRewardIds: [0] }),
      200,
    );
    expect(flat.data).toEqual({ point: expect.any(Number), pendingMilestoneOrder: [] });
    expect(mismatches).toEqual([]);
  });
});
