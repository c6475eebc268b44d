import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { paths, components, operations } from './schema';
export { signHeadlessLogin, type HeadlessLogin } from './headless-login';
export { verifyWebhookSignature, WEBHOOK_HEADERS } from './webhook-signature';

/** A typed client of every operation of the service's OpenAPI document. */
export type LoyaltyClient = Client<paths>;

export interface ShopKeys {
  appKey: string;
  secretKey: string;
}

/** The management API (`/rest_api/v2`, `/app/api/v1/webhooks`, the audit reads) as the shop. */
export function shopClient(baseUrl: string, keys: ShopKeys): LoyaltyClient {
  return createClient<paths>({
    baseUrl,
    headers: { 'X-Svc-Loyalty-App-Key': keys.appKey, 'X-Svc-Loyalty-Secret-Key': keys.secretKey },
  });
}

/** The headless customer API acting for one customer (a token from `POST .../headless/auth/token`). */
export function customerClient(baseUrl: string, token: string): LoyaltyClient {
  return createClient<paths>({ baseUrl, headers: { Authorization: `Bearer ${token}` } });
}

/** The audit reads with a read-only audit key. */
export function auditClient(baseUrl: string, auditKey: string): LoyaltyClient {
  return createClient<paths>({ baseUrl, headers: { 'X-Svc-Loyalty-Audit-Key': auditKey } });
}

/** Routes that take no credentials (the headless token exchange, the audit public key, health). */
export function publicClient(baseUrl: string): LoyaltyClient {
  return createClient<paths>({ baseUrl });
}
