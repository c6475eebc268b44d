import { existsSync } from 'node:fs';
import { DEMO_CUSTOMER, DEMO_SHOP_DOMAIN } from '../../src/operator/demo-shop';
import { WEB_DIR } from '../../src/widget/widget-files';
import { createTestApp, expectError, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { HEADLESS } from '../headless/headless-support';

const built = existsSync(`${WEB_DIR}/dist/loyalty-widget.js`);

describe(`widget routes (${defaultStoreKind()})`, () => {
  describe('with DEMO_SHOP on', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { DEMO_SHOP: 'true' } });
    });
    afterAll(() => t.close());

    (built ? it : it.skip)('serves the widget script for any storefront to load', async () => {
      const res = await t.http().get('/widget/loyalty-widget.js').expect(200);
      expect(res.headers).toMatchObject({
        'content-type': 'text/javascript; charset=utf-8',
        'cache-control': 'public, max-age=300',
        'x-content-type-options': 'nosniff',
        'cross-origin-resource-policy': 'cross-origin',
      });
      expect(res.text).toContain('data-loyalty-widget');
    });

    it('the proof route answers 404 until the demo shop exists', async () => {
      expectError((await t.http().post('/widget/demo/proof').expect(404)).body, 'NOT_FOUND', 404);
    });

    it('serves the demo page, and a proof the token exchange accepts for the demo shopper, never the secret', async () => {
      const shop = await t.shop(DEMO_SHOP_DOMAIN);
      await t.enrol(shop, DEMO_CUSTOMER.id, { email: DEMO_CUSTOMER.email });
      const page = await t.http().get('/widget/demo/').expect(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.text).toContain('data-token-url="/widget/demo/proof"');
      const proof = await t.http().post('/widget/demo/proof').expect(200);
      expect(proof.headers['cache-control']).toBe('no-store');
      expect(proof.body).toEqual({
        grant_type: 'hmac',
        shopDomain: DEMO_SHOP_DOMAIN,
        customerId: String(DEMO_CUSTOMER.id),
        email: DEMO_CUSTOMER.email,
        ts: expect.any(Number),
        hmac: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(JSON.stringify(proof.body)).not.toContain(shop.headlessSecret);
      const token = await t.http().post(`${HEADLESS}/auth/token`).send(proof.body).expect(200);
      expect(token.body.data).toMatchObject({ tokenType: 'Bearer' });
    });
  });

  describe('with DEMO_SHOP off', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('has no demo page nor proof route, even with a shop on the demo domain', async () => {
      const shop = await t.shop(DEMO_SHOP_DOMAIN);
      await t.enrol(shop, DEMO_CUSTOMER.id, { email: DEMO_CUSTOMER.email });
      expectError((await t.http().get('/widget/demo/').expect(404)).body, 'NOT_FOUND', 404);
      expectError((await t.http().post('/widget/demo/proof').expect(404)).body, 'NOT_FOUND', 404);
    });
  });
});
