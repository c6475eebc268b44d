import { createHmac } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { signingKeyOf } from '../../src/storefront-api/auth/headless-signing-keys';
import { createTestApp, TestApp } from '../support/test-app';

export const HEADLESS = '/app/api/v1/headless';

export function hmacOf(secret: string, customerId: string | number, email: string, ts: number): string {
  return createHmac('sha256', secret).update(`${customerId}-${email.toLowerCase()}-${ts}`).digest('hex');
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The body a merchant's server sends for the hmac grant. */
export function hmacGrant(
  shop: ProvisionedShop,
  customerId: number,
  email = `c${customerId}@example.com`,
  ts = nowSeconds(),
) {
  return {
    grant_type: 'hmac',
    shopDomain: shop.domain,
    customerId: String(customerId),
    email,
    ts,
    hmac: hmacOf(shop.headlessSecret, customerId, email, ts),
  };
}

/** A bearer token for the customer, through the token exchange. */
export async function tokenFor(t: TestApp, shop: ProvisionedShop, customerId: number, email?: string): Promise<string> {
  const response = await t
    .http()
    .post(`${HEADLESS}/auth/token`)
    .send(hmacGrant(shop, customerId, email))
    .expect(200);
  return response.body.data.token as string;
}

/** A token made outside the service with the shop's real key (to test claims the service would never issue). */
export function craftToken(
  headlessSecret: string,
  claims: Record<string, unknown>,
  options: { algorithm?: 'HS256' | 'HS512'; header?: Record<string, unknown> } = {},
): string {
  return sign(claims, signingKeyOf(headlessSecret), {
    algorithm: options.algorithm ?? 'HS256',
    ...(options.header ? { header: options.header as never } : {}),
  });
}

/** A dynamic reward's spending rules: $1 per 100 points, 200 to 1,000 points, carts up to $50. */
export const DOLLAR_PER_100 = {
  pointsCost: 100,
  redeemType: 'dynamic',
  rewardValue: 1,
  minPoints: 200,
  maxPoints: 1000,
  hasLimitCartValue: true,
  limitCartValue: 50,
};

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A paid order as the platform's webhook sends it (REST shape). */
export function paidOrder(id: number, customerId: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    name: `#${id - 450789000}`,
    created_at: '2026-02-01T10:00:00Z',
    financial_status: 'PAID',
    fulfillment_status: null,
    currency: 'USD',
    presentment_currency: 'EUR',
    total_price: '49.90',
    total_price_set: { shop_money: { amount: '49.90' }, presentment_money: { amount: '45.90' } },
    subtotal_price: '44.90',
    total_tax: '4.00',
    total_discounts: '5.00',
    shipping_lines: [{ title: 'Standard', price: '5.00' }],
    order_status_url: `https://shop.example.com/orders/${id}/status`,
    payment_gateway_names: ['card'],
    customer: { id: customerId, email: `c${customerId}@example.com`, first_name: 'Ada', last_name: 'Lovelace' },
    discount_applications: [
      { type: 'discount_code', value_type: 'fixed_amount', value: '5.00', target_type: 'line_item', code: 'LOY-AAAA' },
    ],
    line_items: [
      {
        product_id: 632910392,
        variant_id: 808950810,
        quantity: 2,
        price: '22.45',
        title: 'Tea',
        variant_title: 'Green',
      },
    ],
    shipping_address: { city: 'Paris', country: 'FR' },
    billing_address: { city: 'Paris', country: 'FR' },
    ...extra,
  };
}

/**
 * An app whose commerce platform is the HTTP adapter pointed at a stub server, and one shop: the stub
 * is started before the app and closed after it (beforeAll/afterAll of the current describe).
 */
export function withPlatformStub<Stub extends { base: string; close(): Promise<unknown> }>(start: () => Promise<Stub>) {
  const context = {} as { stub: Stub; t: TestApp; shop: ProvisionedShop };
  beforeAll(async () => {
    context.stub = await start();
    context.t = await createTestApp({
      env: {
        COMMERCE_PLATFORM_URL: `${context.stub.base}/{domain}/admin/api/2025-01`,
        COMMERCE_PLATFORM_TOKEN: 'stub-token',
      },
    });
    context.shop = await context.t.shop();
  });
  afterAll(async () => {
    await context.t.close();
    await context.stub.close();
  });
  return context;
}

/** A 2 x 2 PNG (made once): the smallest real image the upload route keeps. */
let tinyPng: Promise<Buffer> | null = null;

/** The URL of an image the customer of `token` uploaded (POST /customer/earn/upload). */
export async function uploadedImage(t: TestApp, token: string): Promise<string> {
  const sharp = (await import('sharp')).default;
  tinyPng ??= sharp({ create: { width: 2, height: 2, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  const imageBase64 = (await tinyPng).toString('base64');
  const res = await t
    .http()
    .post(`${HEADLESS}/customer/earn/upload`)
    .set(bearer(token))
    .send({ images: [{ imageBase64, imageName: 'receipt.png', imageType: 'image/png' }] })
    .expect(200);
  return res.body.data.urls[0] as string;
}
