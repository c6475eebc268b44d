import { createServer, Server } from 'node:http';
import { AddressInfo, connect } from 'node:net';
import { AppConfig } from '../../src/config/app-config';
import { WebhookSender } from '../../src/webhooks/delivery/webhook-sender';
import { WebhookUrlGuard } from '../../src/webhooks/delivery/webhook-url-guard';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { auth, createTestApp, TestApp } from '../support/test-app';
import { PUBLIC_TEST_ADDRESS, tableResolver } from '../support/host-resolver';

/**
 * SSRF: every address form that reaches this machine or an internal range, as a hostile merchant
 * would type it. A listener on every local address (`::`, dual stack) counts connections: with
 * loopback disallowed, no form may reach it, neither at registration (refused, 400) nor at delivery
 * (the sender judges the URL, the resolved addresses and the connected address).
 */

/** An HTTP listener on `::` (IPv4 and IPv6, every local address) that counts TCP connections. */
async function startListener() {
  let connections = 0;
  const server: Server = createServer((_req, res) => res.writeHead(200).end('ok'));
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '::', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get connections() {
      return connections;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Whether a plain TCP connect to the address reaches the listener (the form is dangerous, not just odd). */
const reaches = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

/** Forms that reach this machine, each with the host a raw connect uses (what the URL parser makes of it). */
const LOCAL_FORMS: Array<[string, (port: number) => string, string]> = [
  ['IPv4-mapped loopback', (p) => `https://[::ffff:127.0.0.1]:${p}/h`, '::ffff:7f00:1'],
  ['IPv4-mapped loopback, hex (as the URL parser writes it)', (p) => `https://[::ffff:7f00:1]:${p}/h`, '::ffff:7f00:1'],
  ['IPv4-mapped unspecified', (p) => `https://[::ffff:0.0.0.0]:${p}/h`, '::ffff:0:0'],
  ['IPv6 loopback', (p) => `https://[::1]:${p}/h`, '::1'],
  ['IPv6 unspecified', (p) => `https://[::]:${p}/h`, '::'],
  ['0.0.0.0', (p) => `https://0.0.0.0:${p}/h`, '0.0.0.0'],
  ['hex IPv4', (p) => `https://0x7f.1:${p}/h`, '127.0.0.1'],
  ['octal IPv4', (p) => `https://0177.0.0.1:${p}/h`, '127.0.0.1'],
  ['decimal integer IPv4', (p) => `https://2130706433:${p}/h`, '127.0.0.1'],
  ['short IPv4', (p) => `https://127.1:${p}/h`, '127.0.0.1'],
  ['localhost with a trailing dot', (p) => `https://localhost.:${p}/h`, 'localhost'],
  ['a name under localhost', (p) => `https://api.localhost:${p}/h`, '127.0.0.1'],
  ['a public-looking name that resolves to loopback', (p) => `https://loop.example.com:${p}/h`, '127.0.0.1'],
  ['a name that resolves to a mapped loopback', (p) => `https://mapped.example.com:${p}/h`, '::ffff:7f00:1'],
  ['a name with one public and one loopback address', (p) => `https://mixed.example.com:${p}/h`, '127.0.0.1'],
];

/** Internal ranges that do not reach this machine but must be refused just the same. */
const INTERNAL_FORMS: Array<[string, string, string]> = [
  ['IPv4-mapped metadata', 'https://[::ffff:169.254.169.254]/latest/meta-data', 'link-local'],
  ['IPv4-mapped metadata, hex', 'https://[::ffff:a9fe:a9fe]/latest/meta-data', 'link-local'],
  ['IPv4-mapped private', 'https://[::ffff:10.0.0.1]/h', 'private'],
  ['IPv4-compatible loopback', 'https://[::127.0.0.1]/h', 'tunnelled loopback'],
  ['NAT64 metadata', 'https://[64:ff9b::a9fe:a9fe]/h', 'link-local'],
  ['6to4 private', 'https://[2002:a00:1::1]/h', 'private'],
  ['decimal integer metadata', 'https://2852039166/latest/meta-data', 'link-local'],
  ['a name that resolves to metadata', 'https://meta.example.com/latest', 'link-local'],
  ['an internal name with a trailing dot', 'https://metadata.google.internal./computeMetadata', 'internal'],
];

const RESOLVER_TABLE = {
  'api.localhost': ['127.0.0.1'],
  'loop.example.com': ['127.0.0.1'],
  'mapped.example.com': ['::ffff:7f00:1'],
  'mixed.example.com': [PUBLIC_TEST_ADDRESS, '127.0.0.1'],
  'meta.example.com': ['169.254.169.254'],
};

describe('reliability: SSRF, every address form, at delivery (a listener proves no connection arrives)', () => {
  let listener: Awaited<ReturnType<typeof startListener>>;
  const sender = (allowLoopback: boolean, resolver = tableResolver(RESOLVER_TABLE)) => {
    const config = new AppConfig({ WEBHOOK_ALLOW_LOOPBACK: String(allowLoopback), WEBHOOK_TIMEOUT_MS: '2000' });
    return new WebhookSender(config, new WebhookUrlGuard(config, resolver));
  };
  const deliver = (s: WebhookSender, url: string) =>
    s.send({ url, body: '{"x":1}', secret: 'sk', deliveryId: 'd', topic: 'points/earned', shopId: 's' });

  beforeAll(async () => {
    listener = await startListener();
  });
  afterAll(() => listener.close());

  it('the listener does count a delivery when loopback is allowed (the proof below can fail)', async () => {
    const before = listener.connections;
    const result = await deliver(sender(true), `http://[::ffff:127.0.0.1]:${listener.port}/h`);
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(listener.connections).toBe(before + 1);
  });

  it.each(LOCAL_FORMS)('%s reaches this machine by TCP, but no delivery does', async (_form, url, rawHost) => {
    const target = url(listener.port);
    const before = listener.connections;
    expect(await reaches(rawHost, listener.port)).toBe(true);
    expect(listener.connections).toBe(before + 1);
    const result = await deliver(sender(false), target);
    expect(result.statusCode).toBeNull();
    expect(result.error).toMatch(/^refused: .*(this machine|unspecified)/);
    // Give a connection that slipped through time to arrive.
    await new Promise((r) => setTimeout(r, 50));
    expect(listener.connections).toBe(before + 1);
  });

  it.each(INTERNAL_FORMS)('%s is refused at delivery, even with loopback allowed', async (_form, url, reason) => {
    const result = await deliver(sender(true), url);
    expect(result).toMatchObject({ statusCode: null, error: expect.stringContaining(reason) });
    expect(result.error).toMatch(/^refused: /);
  });

  it('a name that resolved to a public address and now resolves to loopback (rebinding) is refused', async () => {
    const resolver = tableResolver({ 'rebind.example.com': [PUBLIC_TEST_ADDRESS] });
    const guard = new WebhookUrlGuard(new AppConfig({ WEBHOOK_ALLOW_LOOPBACK: 'false' }), resolver);
    expect(await guard.check(`https://rebind.example.com:${listener.port}/h`)).toMatchObject({
      ok: true,
      addresses: [PUBLIC_TEST_ADDRESS],
    });
    resolver.names.set('rebind.example.com', ['127.0.0.1']);
    const before = listener.connections;
    const result = await deliver(sender(false, resolver), `https://rebind.example.com:${listener.port}/h`);
    expect(result.error).toBe('refused: rebind.example.com resolves to this machine');
    expect(listener.connections).toBe(before);
  });

  it('a name that does not resolve is a dns error, retried like any failure', async () => {
    const result = await deliver(sender(false), 'https://nowhere.invalid/h');
    expect(result).toMatchObject({ statusCode: null, error: 'dns: nowhere.invalid could not be resolved (ENOTFOUND)' });
  });
});

describe('reliability: SSRF, every address form, at registration (loopback disallowed)', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  const resolver = tableResolver(RESOLVER_TABLE);

  beforeAll(async () => {
    t = await createTestApp({
      env: { WEBHOOK_ALLOW_LOOPBACK: 'false', WEBHOOK_WORKER: 'false' },
      hostResolver: resolver,
    });
    shop = await t.shop();
  });
  afterAll(() => t.close());

  const register = (url: string) =>
    t.http().post('/app/api/v1/webhooks').set(auth(shop)).send({ topic: 'points/earned', url });

  it.each([
    ...LOCAL_FORMS.map(([form, url]) => [form, url(8443), /this machine|unspecified/] as const),
    ...INTERNAL_FORMS.map(([form, url, reason]) => [form, url, new RegExp(reason)] as const),
  ])('%s: %s is 400 in the webhook envelope, naming url', async (_form, url, reason) => {
    const res = await register(url).expect(400);
    expect(res.body).toEqual({
      success: false,
      error: expect.stringMatching(reason),
      code: 'BAD_REQUEST',
      field: 'url',
      timestamp: expect.any(String),
    });
    expect(res.body.error).toMatch(/^url refused: /);
  });

  it('names are resolved at registration: unknown names are refused, public ones accepted', async () => {
    const refused = await register('https://nowhere.invalid/h').expect(400);
    expect(refused.body.error).toBe('url refused: nowhere.invalid could not be resolved (ENOTFOUND)');
    resolver.asked.length = 0;
    await register('https://hooks.example.com./earned').expect(200);
    expect(resolver.asked).toEqual(['hooks.example.com']);
  });

  it('an update to a refused url is refused the same way and changes nothing', async () => {
    const id = (await register('https://update.example.com/h').expect(200)).body.webhook.id;
    const res = await t
      .http()
      .put(`/app/api/v1/webhooks/${id}`)
      .set(auth(shop))
      .send({ url: 'https://[::ffff:7f00:1]/h' })
      .expect(400);
    expect(res.body).toMatchObject({ success: false, field: 'url', error: expect.stringContaining('this machine') });
    const webhook = (await t.http().get(`/app/api/v1/webhooks/${id}`).set(auth(shop)).expect(200)).body.webhook;
    expect(webhook.url).toBe('https://update.example.com/h');
  });
});
