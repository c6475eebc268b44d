import request from 'supertest';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { auth, createTestApp, expectSuccess, RawWebhookHeaders, TestApp } from './test-app';

export { expectError, expectRefusal, expectSuccess } from './test-app';

/**
 * One scenario runner for the HTTP tests: a shop-scoped client of the management API (v2) over
 * `createTestApp()`. Each call is one request of the spec; the ones named after a setup step
 * (enrol, award, program, tier…) assert their success status and answer the record, the others
 * answer the supertest request, so a test states its own expected status.
 *
 *   const s = scenario();                        // app + shop, opened before the tests, closed after
 *   it('…', async () => {
 *     await s.enrol(1001);
 *     await s.award(1001, 500);
 *     expect(await s.balance(1001)).toBe(500);
 *     expectError((await s.redeem({ programId: 'x', platformCustomerId: '1001' }).expect(404)).body, 'NOT_FOUND', 404);
 *   });
 */
export interface ShopClient {
  readonly t: TestApp;
  readonly shop: ProvisionedShop;
  /** This shop's key headers, for a request built by hand (`s.t.http()…set(s.keys)`). */
  readonly keys: Record<string, string>;
  /** `/rest_api/v2${path}` with this shop's keys. */
  get(path: string): request.Test;
  post(path: string, body?: unknown): request.Test;
  put(path: string, body?: unknown): request.Test;
  delete(path: string): request.Test;
  /** Enrols a customer through the platform webhook; answers the internal customer id. */
  enrol(platformCustomerId: number, profile?: Record<string, unknown>): Promise<string>;
  /** Enrols a customer (as `enrol`), then awards them `point` (as `award`). */
  enrolAndAward(platformCustomerId: number, point: number): Promise<void>;
  /** POST /transactions/points/award, 200; answers the response body. */
  award(platformCustomerId: number | string, point: number, extra?: Record<string, unknown>): Promise<any>;
  /** POST /transactions/points/deduct, 200; answers the response body. */
  deduct(platformCustomerId: number | string, point: number, extra?: Record<string, unknown>): Promise<any>;
  /** GET /customers/external/:id, 200; answers the customer record. */
  customer(platformCustomerId: number | string): Promise<any>;
  /** The customer's point balance. */
  balance(platformCustomerId: number | string): Promise<number>;
  /** POST /programs, 201; answers the program record. */
  program(body: Record<string, unknown>): Promise<any>;
  /** An earning program of `event`; answers its id. */
  earning(event: string, title: string, fields?: Record<string, unknown>): Promise<string>;
  /** A spending program of `event`; answers its id. */
  spending(event: string, title: string, spending: Record<string, unknown>): Promise<string>;
  /** GET /settings/{name}, 200; answers the settings record. */
  settings(name: string): Promise<any>;
  /** POST /tiers, 201; answers the tier record. */
  tier(body: Record<string, unknown>): Promise<any>;
  /** POST /programs/redemption/redeem. */
  redeem(body: Record<string, unknown>): request.Test;
  /** GET /transactions with the given query string (without `?`). */
  transactions(query?: string): request.Test;
  /** A signed platform webhook of `topic` for this shop. */
  platform(topic: string, body: unknown, webhookId?: string): request.Test;
  /** Subscribes `url` to webhook `topic` (POST /app/api/v1/webhooks, 200); answers the webhook id. */
  subscribe(topic: string, url: string): Promise<string>;
  /** `/app/api/v1/webhooks${path}` with this shop's keys. */
  webhooks(method: 'get' | 'post' | 'put' | 'delete', path?: string, body?: unknown): request.Test;
  /** A platform orders/paid in USD without line items, paying with coupon `code`. */
  orderWithCoupon(orderId: number, platformCustomerId: number, total: string, code: string): request.Test;
  /** A platform refunds/create of `amount` (a decimal string) on order `orderId`, one successful refund. */
  refund(refundId: number, orderId: number, amount: string): request.Test;
  /**
   * A platform webhook with `raw` sent byte for byte; by default signed with the global secret, a new
   * webhook id and this shop's domain. A header given as null is left out.
   */
  rawPlatform(topic: string, raw: string, headers?: RawWebhookHeaders): request.Test;
}

/** The client of `shop` (another shop of the same app, say). */
export function shopClient(t: TestApp, shop: ProvisionedShop): ShopClient {
  return clientOf(() => ({ t, shop }));
}

type TestAppOptions = Parameters<typeof createTestApp>[0];

export type Scenario = ShopClient & {
  /** A further shop in the same app. */
  newShop(domain?: string): Promise<ShopClient>;
};

/**
 * Registers beforeAll/afterAll in the current describe: a test app (options as createTestApp's, or a
 * function answering them once an earlier beforeAll has what they need) and one shop; the client's
 * calls go to that shop.
 */
export function scenario(options: TestAppOptions | (() => TestAppOptions) = {}): Scenario {
  let state: { t: TestApp; shop: ProvisionedShop } | undefined;
  beforeAll(async () => {
    const t = await createTestApp(typeof options === 'function' ? options() : options);
    state = { t, shop: await t.shop() };
  });
  afterAll(() => state?.t.close());
  const current = () => {
    if (!state) throw new Error('scenario(): used before beforeAll ran');
    return state;
  };
  return Object.assign(clientOf(current), {
    async newShop(domain?: string) {
      const { t } = current();
      return shopClient(t, await t.shop(domain));
    },
  });
}

function clientOf(current: () => { t: TestApp; shop: ProvisionedShop }): ShopClient {
  const send = (method: 'get' | 'post' | 'put' | 'delete', path: string, body?: unknown) => {
    const { t, shop } = current();
    const call = t.http()[method](`/rest_api/v2${path}`).set(auth(shop));
    return body === undefined ? call : call.send(body as object);
  };
  const points = async (kind: 'award' | 'deduct', id: number | string, point: number, extra = {}) =>
    (
      await send('post', `/transactions/points/${kind}`, { platformCustomerId: String(id), point, ...extra }).expect(
        200,
      )
    ).body;
  const client: ShopClient = {
    get t() {
      return current().t;
    },
    get shop() {
      return current().shop;
    },
    get keys() {
      return auth(current().shop);
    },
    get: (path) => send('get', path),
    post: (path, body) => send('post', path, body),
    put: (path, body) => send('put', path, body),
    delete: (path) => send('delete', path),
    enrol: (platformCustomerId, profile) => current().t.enrol(current().shop, platformCustomerId, profile),
    enrolAndAward: async (id, point) => {
      await client.enrol(id);
      await client.award(id, point);
    },
    award: (id, point, extra) => points('award', id, point, extra),
    deduct: (id, point, extra) => points('deduct', id, point, extra),
    customer: async (id) => expectSuccess((await send('get', `/customers/external/${id}`).expect(200)).body),
    balance: async (id) => (await client.customer(id)).point,
    program: async (body) => expectSuccess((await send('post', '/programs', body).expect(201)).body),
    earning: async (event, title, fields = {}) =>
      (await client.program({ type: 'earning', event, title, ...fields })).id,
    spending: async (event, title, spending) => (await client.program({ type: 'spending', event, title, spending })).id,
    settings: async (name) => expectSuccess((await send('get', `/settings/${name}`).expect(200)).body),
    tier: async (body) => expectSuccess((await send('post', '/tiers', body).expect(201)).body),
    redeem: (body) => send('post', '/programs/redemption/redeem', body),
    transactions: (query = '') => send('get', `/transactions${query ? `?${query}` : ''}`),
    platform: (topic, body, webhookId) => current().t.platform(current().shop, topic, body, webhookId),
    subscribe: async (topic, url) => (await client.webhooks('post', '', { topic, url }).expect(200)).body.webhook.id,
    webhooks: (method, path = '', body) => {
      const { t, shop } = current();
      const call = t.http()[method](`/app/api/v1/webhooks${path}`).set(auth(shop));
      return body === undefined ? call : call.send(body as object);
    },
    orderWithCoupon: (orderId, platformCustomerId, total, code) =>
      client.platform('orders/paid', {
        id: orderId,
        customer: { id: platformCustomerId },
        total_price: total,
        currency: 'USD',
        line_items: [],
        discount_codes: [{ code }],
      }),
    refund: (refundId, orderId, amount) =>
      client.platform('refunds/create', {
        id: refundId,
        order_id: orderId,
        transactions: [{ kind: 'refund', status: 'success', amount }],
      }),
    rawPlatform: (topic, raw, headers) => current().t.rawPlatform(current().shop, topic, raw, headers),
  };
  return client;
}
