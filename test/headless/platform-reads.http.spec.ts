import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, paidOrder, tokenFor, withPlatformStub } from './headless-support';
import { OpenApiDocument, SchemaChecker } from '../support/openapi';

/** The platform's admin API for the reads: orders by customer and a store-credit account's transactions. */
async function startAdminStub() {
  const calls: Array<{ path: string; query: URLSearchParams; headers: IncomingHttpHeaders }> = [];
  let failing = false;
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://stub');
    calls.push({ path: url.pathname, query: url.searchParams, headers: req.headers });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    };
    if (req.headers['x-platform-access-token'] !== 'stub-token') return send(401, { errors: 'bad token' });
    if (failing) return send(503, { errors: 'down' });
    const path = url.pathname.replace(/^\/[^/]+\/admin\/api\/[^/]+/, '');
    if (path === '/orders.json') {
      const customer = Number(url.searchParams.get('customer_id'));
      const orders = [
        paidOrder(450790011, 1001, { created_at: '2026-04-01T00:00:00Z' }),
        paidOrder(450790012, 1001, { created_at: '2026-05-01T00:00:00Z', fulfillment_status: 'fulfilled' }),
        paidOrder(450790013, 1002),
      ].filter(
        (o) =>
          o.customer.id === customer && (!url.searchParams.get('ids') || String(o.id) === url.searchParams.get('ids')),
      );
      return send(200, { orders });
    }
    const credit = /^\/customers\/(\d+)\/store_credit\/transactions\.json$/.exec(path);
    if (credit) {
      if (credit[1] !== '1001')
        return send(200, { transactions: [], page_info: { has_next: false, has_previous: false } });
      return send(200, {
        transactions: [
          { id: 91, amount: '-2.50', currency: 'USD', reference: 'order 1', created_at: '2026-05-02T00:00:00Z' },
          { id: 90, amount: '10.00', currency: 'USD', reference: 'CREDIT-90', created_at: '2026-05-01T00:00:00Z' },
        ],
        page_info: { has_next: true, has_previous: false, start_cursor: 'c-91', end_cursor: 'c-90' },
      });
    }
    send(404, { errors: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fail: (on: boolean) => (failing = on),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe(`headless orders and store credit through the HTTP commerce platform adapter (${defaultStoreKind()})`, () => {
  const p = withPlatformStub(startAdminStub);
  let token: string;
  const get = (path: string) => p.t.http().get(`${HEADLESS}${path}`).set(bearer(token));

  beforeAll(async () => {
    await p.t.enrol(p.shop, 1001);
    token = await tokenFor(p.t, p.shop, 1001);
  });

  it('orders are read live from the platform for the token customer', async () => {
    const res = await get('/customer/orders').expect(200);
    const orders = expectSuccess(res.body);
    expect(orders.map((o: any) => [o.id, o.fulfillmentStatus])).toEqual([
      [450790012, 'fulfilled'],
      [450790011, null],
    ]);
    expect(orders[0]).toMatchObject({ totalPrice: 4590, currencyCode: 'EUR', lineItemCount: 1 });
    const call = p.stub.calls.at(-1)!;
    expect(call.path).toBe(`/${p.shop.domain}/admin/api/2025-01/orders.json`);
    expect(call.query.get('customer_id')).toBe('1001');
    expect(call.query.get('status')).toBe('any');
    const one = await get('/customer/orders?orderId=450790011').expect(200);
    expect(one.body.data.map((o: any) => o.id)).toEqual([450790011]);
    expect(p.stub.calls.at(-1)!.query.get('ids')).toBe('450790011');
  });

  it('502 ORDERS_FETCH_FAILED when the platform fails', async () => {
    p.stub.fail(true);
    try {
      const res = await get('/customer/orders').expect(502);
      expectError(res.body, 'ORDERS_FETCH_FAILED', 502);
      expect(res.body.error.message).toBe("We couldn't load your orders. Please try again.");
    } finally {
      p.stub.fail(false);
    }
  });

  it("store-credit transactions come from the platform's account, with its cursors passed through", async () => {
    const res = await get('/customer/store-credit/transactions?limit=2&after=c-92').expect(200);
    expect(expectSuccess(res.body)).toEqual([
      {
        id: '91',
        type: 'debit',
        amount: -2.5,
        currencyCode: 'USD',
        reference: 'order 1',
        createdAt: '2026-05-02T00:00:00.000Z',
      },
      {
        id: '90',
        type: 'credit',
        amount: 10,
        currencyCode: 'USD',
        reference: 'CREDIT-90',
        createdAt: '2026-05-01T00:00:00.000Z',
      },
    ]);
    expect(res.body.meta.pagination).toEqual({ hasNext: true, hasPre: false, startCursor: 'c-91', endCursor: 'c-90' });
    const call = p.stub.calls.at(-1)!;
    expect(call.path).toBe(`/${p.shop.domain}/admin/api/2025-01/customers/1001/store_credit/transactions.json`);
    expect(call.query.get('after')).toBe('c-92');
    expect(call.query.get('limit')).toBe('2');
  });
  it('the answers are the ones the OpenAPI document describes (no field it does not name)', async () => {
    const doc: OpenApiDocument = (await p.t.http().get('/docs/json').expect(200)).body;
    const checker = new SchemaChecker(doc);
    const schemaOf = (path: string, status: string) =>
      doc.paths[`${HEADLESS}${path}`].get.responses[status].content!['application/json'].schema!;
    for (const path of ['/customer/orders', '/customer/store-credit/transactions']) {
      const body = (await get(path).expect(200)).body;
      expect(body.data.length).toBeGreaterThan(0);
      expect({ path, errors: checker.errors(schemaOf(path, '200'), body, true) }).toEqual({ path, errors: [] });
    }
    p.stub.fail(true);
    try {
      const refused = (await get('/customer/orders').expect(502)).body;
      expect(checker.errors(schemaOf('/customer/orders', '502'), refused, true)).toEqual([]);
    } finally {
      p.stub.fail(false);
    }
  });
});
