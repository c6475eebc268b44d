import { createTestApp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';

describe(`OpenAPI document of the headless API (${defaultStoreKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists every headless endpoint, the /customer ones under the bearer scheme', async () => {
    const doc = (await t.http().get('/docs/json').expect(200)).body;
    expect(doc.components.securitySchemes.headless).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    const prefix = '/app/api/v1/headless';
    const operations: Array<[string, string]> = [
      ['post', '/auth/token'],
      ['get', '/programs'],
      ['get', '/customer'],
      ['get', '/customer/programs'],
      ['get', '/customer/activities'],
      ['get', '/customer/activities-by-order'],
      ['get', '/customer/rewards'],
      ['post', '/customer/redeem'],
      ['patch', '/customer/profile'],
      ['post', '/customer/join-program'],
      ['get', '/customer/orders'],
      ['get', '/customer/store-credit/transactions'],
      ['get', '/customer/referral-history'],
      ['get', '/customer/loyalty-page/rewards'],
      ['get', '/customer/loyalty-page/activities'],
      ['get', '/customer/loyalty-page/referral-history'],
      ['get', '/shop/config'],
    ];
    for (const [method, path] of operations) {
      const operation = doc.paths[`${prefix}${path}`]?.[method];
      expect({ path, found: !!operation }).toEqual({ path, found: true });
      expect(operation.tags).toContain('headless');
      const secured = (operation.security ?? []).some((s: Record<string, unknown>) => 'headless' in s);
      expect({ path, secured }).toEqual({ path, secured: path.startsWith('/customer') || path === '/shop/config' });
    }
  });
});
