import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { decode } from 'jsonwebtoken';
import { expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../../src/shops/projections/shop-read-models';
import { bearer, HEADLESS, withPlatformStub } from './headless-support';

interface Call {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/**
 * The platform's customer account API (GraphQL): a customer's own access token in `Authorization`
 * answers who they are; an unknown token is 401; `down` answers 500.
 */
async function startCustomerApiStub() {
  const calls: Call[] = [];
  const customers: Record<string, { id: string; email: string }> = {
    'token-ada': { id: 'gid://platform/Customer/7001', email: 'Ada@Example.com' },
    'token-stranger': { id: 'gid://platform/Customer/9999', email: 'nobody@example.com' },
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      calls.push({ path: req.url!, headers: req.headers, body: raw ? JSON.parse(raw) : null });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      const token = String(req.headers.authorization ?? '');
      if (token === 'down') return send(500, { errors: 'down' });
      const customer = customers[token];
      if (!customer) return send(401, { errors: [{ message: 'Unauthorized' }] });
      send(200, { data: { customer: { id: customer.id, emailAddress: { emailAddress: customer.email } } } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { calls, base, close: () => new Promise((resolve) => server.close(resolve)) };
}

describe(`headless grant shopify_customer_token through the HTTP commerce platform adapter (${defaultStoreKind()})`, () => {
  const p = withPlatformStub(startCustomerApiStub);
  const exchange = (customerAccessToken: string, domain = p.shop.domain) =>
    p.t.http().post(`${HEADLESS}/auth/token`).send({
      grant_type: 'shopify_customer_token',
      shopDomain: domain,
      customerAccessToken,
    });

  beforeAll(async () => {
    await p.t.enrol(p.shop, 7001, { email: 'ada@example.com' });
  });

  it('asks the platform whose token it is and issues a token for that customer', async () => {
    const res = await exchange('token-ada').expect(200);
    const data = expectSuccess(res.body);
    expect(data).toEqual({ token: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    const call = p.stub.calls.at(-1)!;
    expect(call.path).toBe(`/${p.shop.domain}/account/customer/api/2025-01/graphql`);
    expect(call.headers.authorization).toBe('token-ada');
    expect(call.body.query).toContain('customer');
    const me = await p.t.http().get(`${HEADLESS}/customer`).set(bearer(data.token)).expect(200);
    expect(me.body.data.id).toBe((decode(data.token) as any).sub);
  });

  it('401 when the platform refuses the token, or names a customer the service does not know', async () => {
    expectError((await exchange('token-unknown').expect(401)).body, 'UNAUTHORIZED', 401);
    expectError((await exchange('token-stranger').expect(401)).body, 'UNAUTHORIZED', 401);
    expectError((await exchange('token-ada', 'nowhere.example.com').expect(401)).body, 'UNAUTHORIZED', 401);
  });

  it('503 SERVICE_UNAVAILABLE when the platform fails', async () => {
    expectError((await exchange('down').expect(503)).body, 'SERVICE_UNAVAILABLE', 503);
  });

  it('creates the headless secret on the first mint when the shop has none', async () => {
    const legacy = await p.t.shop();
    await p.t.enrol(legacy, 7001, { email: 'ada@example.com' });
    const credentials = await p.t.app.get<ReadStore>(READ_STORE).collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const doc = (await credentials.findOne({ shopId: legacy.shopId }))!;
    const { headlessSecret: _old, ...withoutSecret } = doc;
    await credentials.put(withoutSecret);
    const res = await exchange('token-ada', legacy.domain).expect(200);
    const created = (await credentials.findOne({ shopId: legacy.shopId }))!.headlessSecret;
    expect(created).toMatch(/^hs_/);
    await p.t.http().get(`${HEADLESS}/customer`).set(bearer(res.body.data.token)).expect(200);
  });
});
