import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { createTestApp, TestApp, auth } from '../support/test-app';
import { HttpCommercePlatform } from '../../src/infrastructure/commerce-platform/http-commerce-platform.adapter';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { settledJobs } from './translation-stubs';

interface Metafield {
  id: number;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

/**
 * The platform admin API's shop metafields, in memory, per shop domain: POST /metafields.json
 * creates or replaces by namespace and key (as the platform does), GET lists a namespace,
 * DELETE /metafields/{id}.json removes one.
 */
async function startMetafieldStub() {
  const shops = new Map<string, Map<string, Metafield>>();
  const calls: Array<{ method: string; path: string }> = [];
  let nextId = 1;
  let failing = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const send = (status: number, body?: unknown) =>
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(body === undefined ? '' : JSON.stringify(body));
      const url = new URL(req.url!, 'http://stub');
      const [, domain, , ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      calls.push({ method: req.method!, path });
      if (req.headers['x-platform-access-token'] !== 'stub-token') return send(401, { errors: 'bad token' });
      if (failing) return send(503, { errors: 'maintenance' });
      const fields = shops.get(domain) ?? new Map<string, Metafield>();
      shops.set(domain, fields);
      if (req.method === 'POST' && path === '/metafields.json') {
        const { metafield } = JSON.parse(raw);
        const id = `${metafield.namespace}.${metafield.key}`;
        const stored = { ...metafield, id: fields.get(id)?.id ?? nextId++ };
        fields.set(id, stored);
        return send(201, { metafield: stored });
      }
      if (req.method === 'GET' && path === '/metafields.json') {
        const namespace = url.searchParams.get('namespace');
        return send(200, { metafields: [...fields.values()].filter((m) => m.namespace === namespace) });
      }
      const m = /^\/metafields\/(\d+)\.json$/.exec(path);
      if (req.method === 'DELETE' && m) {
        for (const [id, field] of fields) if (field.id === Number(m[1])) fields.delete(id);
        return send(200, {});
      }
      send(404, { errors: 'Not Found' });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/{domain}/admin`,
    calls,
    fields: (domain: string) => shops.get(domain) ?? new Map<string, Metafield>(),
    fail: (on: boolean) => (failing = on),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('storefront metafield sync through the HTTP commerce platform adapter (stub admin API)', () => {
  let stub: Awaited<ReturnType<typeof startMetafieldStub>>;
  let t: TestApp;
  let shop: ProvisionedShop;
  const api = (method: 'put' | 'post' | 'delete', path: string) =>
    t.http()[method](`/rest_api/v2/translations${path}`).set(auth(shop));
  const value = (key: string) => JSON.parse(stub.fields(shop.domain).get(`loyalty.${key}`)!.value);

  beforeAll(async () => {
    stub = await startMetafieldStub();
    t = await createTestApp({
      env: {
        COMMERCE_PLATFORM_URL: stub.baseUrl,
        COMMERCE_PLATFORM_TOKEN: 'stub-token',
        TRANSLATION_JOB_POLL_MS: '50',
        TRANSLATION_JOB_BACKOFF_BASE_MS: '100',
        TRANSLATION_JOB_BACKOFF_FACTOR: '2',
      },
    });
    shop = await t.shop();
  });
  afterAll(async () => {
    await t.close();
    await stub.close();
  });

  it('the adapter writes, replaces, lists and deletes a shop metafield', async () => {
    const adapter = new HttpCommercePlatform({
      baseUrl: stub.baseUrl,
      accessToken: 'stub-token',
      domainOf: async () => 'direct.example.com',
    });
    await adapter.setShopMetafield('s', { namespace: 'loyalty', key: 'k', value: '{"a":1}' });
    await adapter.setShopMetafield('s', { namespace: 'loyalty', key: 'k', value: '{"a":2}' });
    expect([...stub.fields('direct.example.com').values()]).toEqual([
      { id: expect.any(Number), namespace: 'loyalty', key: 'k', type: 'json', value: '{"a":2}' },
    ]);
    expect(await adapter.listShopMetafields('s', 'loyalty')).toEqual(['k']);
    await adapter.deleteShopMetafield('s', 'loyalty', 'k');
    await adapter.deleteShopMetafield('s', 'loyalty', 'k');
    expect(await adapter.listShopMetafields('s', 'loyalty')).toEqual([]);
  });

  it('a PUT publishes the config and each locale; removing a language deletes its metafield', async () => {
    await api('put', '')
      .send({
        primaryLanguage: 'en',
        additionalLanguages: ['de'],
        detectMethod: 'optionalStorefrontLanguage',
        en: { 'tier.top': 'Top!' },
      })
      .expect(200);
    const sync = (await settledJobs(t, shop)).filter((j) => j.kind === 'storefront-sync');
    expect(sync.every((j) => j.status === 'done')).toBe(true);
    expect([...stub.fields(shop.domain).keys()].sort()).toEqual([
      'loyalty.translations_config',
      'loyalty.translations_de',
      'loyalty.translations_en',
    ]);
    expect(value('translations_config')).toEqual({
      primaryLanguage: 'en',
      detectMethod: 'optionalStorefrontLanguage',
      languages: ['en', 'de'],
      embedContent: [],
    });
    expect(value('translations_en')).toMatchObject({ locale: 'en', text: { 'tier.top': 'Top!' } });
    expect(value('translations_de').locale).toBe('de');

    await api('delete', '/languages/de').expect(200);
    await settledJobs(t, shop);
    expect([...stub.fields(shop.domain).keys()].sort()).toEqual([
      'loyalty.translations_config',
      'loyalty.translations_en',
    ]);
    expect(value('translations_config').languages).toEqual(['en']);
  });

  it('a platform outage: the sync is retried with backoff and publishes the current text once back', async () => {
    stub.fail(true);
    await api('put', '')
      .send({ primaryLanguage: 'en', en: { 'tier.top': 'Still the top' } })
      .expect(200);
    let jobs: any[] = [];
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      jobs = (await t.http().get('/rest_api/v2/translations').set(auth(shop))).body.meta.jobs;
      if (jobs[0]?.status === 'retrying') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(jobs[0]).toMatchObject({
      kind: 'storefront-sync',
      status: 'retrying',
      error: 'The commerce platform answered 503',
      nextAttemptAt: expect.any(String),
    });
    expect(value('translations_en').text['tier.top']).toBe('Top!');
    stub.fail(false);
    const [latest] = await settledJobs(t, shop);
    expect(latest).toMatchObject({ kind: 'storefront-sync', status: 'done', error: null });
    expect(latest.attempts).toBeGreaterThan(1);
    expect(value('translations_en').text['tier.top']).toBe('Still the top');
  });
});
