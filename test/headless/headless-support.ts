import { createHmac } from 'node:crypto';
import { sign } from 'jsonwebtoken';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { signingKeyOf } from '../../src/headless/auth/headless-signing-keys';
import { TestApp } from '../support/test-app';

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

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
