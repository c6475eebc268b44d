import { createHmac } from 'node:crypto';

/** What a merchant's server signs so that its storefront can get a headless token for one customer. */
export interface HeadlessLogin {
  /** The commerce platform's customer id. */
  customerId: string;
  email: string;
  /** Unix seconds; the service refuses a signature older than its window. */
  ts?: number;
}

/**
 * The body of `POST /app/api/v1/headless/auth/token` (grant `hmac`): HMAC-SHA256, hex, of
 * `<customerId>-<email>-<ts>` with the shop's headless secret. Run it on the merchant's server only:
 * the headless secret must never reach a browser.
 */
export function signHeadlessLogin(shopDomain: string, login: HeadlessLogin, headlessSecret: string) {
  const ts = login.ts ?? Math.floor(Date.now() / 1000);
  const hmac = createHmac('sha256', headlessSecret).update(`${login.customerId}-${login.email}-${ts}`).digest('hex');
  return { grant_type: 'hmac' as const, shopDomain, customerId: login.customerId, email: login.email, ts, hmac };
}
