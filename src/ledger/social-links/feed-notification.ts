import { createHmac, timingSafeEqual } from 'node:crypto';
import { because } from '../../shared/domain/domain-error';

/**
 * The messaging network's link notification ("opt-in"), as its webhooks send it: the body signed
 * with the secret of the shop's app there, `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw
 * body>`; one or more entries of a page, each with messaging items of a user (`sender.id`, the
 * network's page-scoped user id; `sender.name` optional) of which those with an `optin.ref` link:
 *
 *     {"object": "page", "entry": [{"id": "<page>", "time": 1767225600000, "messaging": [
 *       {"sender": {"id": "<user>", "name": "Ada L."}, "recipient": {"id": "<page>"},
 *        "timestamp": 1767225600000, "optin": {"ref": "<customer ref>"}}]}]}
 *
 * The `ref` is what the shop's storefront handed the network's opt-in plugin for the logged-in shopper:
 * `<platformCustomerId>.<hex HMAC-SHA256 of "feed-link:<platformCustomerId>" with the shop's headless
 * secret>`, made by the merchant's server like a token request's hmac, so a shopper cannot link a
 * network user to someone else's account. Other items (messages, deliveries) are not links.
 */
export const FEED_SIGNATURE_HEADER = 'x-hub-signature-256';

/** One link the notification asks for, as sent (the user id raw: it never goes further than `feedUserRef`). */
export interface FeedOptin {
  pageId: string;
  rawUserId: string;
  customerRef: string;
  feedName: string | null;
}

const MAX_ID = 100;
const MAX_NAME = 255;

/** Throws 401 unless `signature` is `sha256=<hex>` of `raw` with `secret` (compared in constant time). */
export function verifyFeedSignature(raw: Buffer, signature: string | undefined, secret: string): void {
  const hex = /^sha256=([0-9a-f]{64})$/i.exec(signature ?? '')?.[1];
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(hex ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw because.unauthorized('X-Hub-Signature-256 does not match the body');
}

/**
 * What the network's user id is stored as: an HMAC-SHA256 of it keyed with the shop's app secret.
 * The same user of the same app gives the same value; nobody without the secret can test a guessed id.
 */
export function feedUserRef(appSecret: string, rawUserId: string): string {
  return createHmac('sha256', appSecret).update(`feed-user:${rawUserId}`).digest('hex');
}

/** The `ref` a merchant's server makes for one of its customers (docs/headless-api.md, "Feed link"). */
export function feedCustomerRef(headlessSecret: string, platformCustomerId: string): string {
  const mac = createHmac('sha256', headlessSecret).update(`feed-link:${platformCustomerId}`).digest('hex');
  return `${platformCustomerId}.${mac}`;
}

/** The platform customer id a `ref` vouches for with the shop's headless secret, else null. */
export function customerOfRef(headlessSecret: string, ref: string): string | null {
  const dot = ref.lastIndexOf('.');
  if (dot <= 0) return null;
  const platformCustomerId = ref.slice(0, dot);
  const given = Buffer.from(ref.slice(dot + 1), 'hex');
  const expected = Buffer.from(feedCustomerRef(headlessSecret, platformCustomerId).slice(dot + 1), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) ? platformCustomerId : null;
}

const text = (value: unknown, max: number): string | null =>
  typeof value === 'string' && value.trim() !== '' && value.length <= max ? value.trim() : null;

/** The links of a verified notification; items that are not links, or lack a part, are left out. */
export function feedOptins(body: unknown): FeedOptin[] {
  const entries = (body as { entry?: unknown } | null)?.entry;
  if (!Array.isArray(entries)) return [];
  const optins: FeedOptin[] = [];
  for (const entry of entries as Array<{ id?: unknown; messaging?: unknown }>) {
    const pageId = text(entry?.id, MAX_ID);
    if (!pageId || !Array.isArray(entry.messaging)) continue;
    for (const item of entry.messaging as Array<Record<string, { id?: unknown; name?: unknown; ref?: unknown }>>) {
      const rawUserId = text(item?.sender?.id, MAX_ID);
      const customerRef = text(item?.optin?.ref, 2 * MAX_ID);
      if (!rawUserId || !customerRef) continue;
      optins.push({ pageId, rawUserId, customerRef, feedName: text(item.sender.name, MAX_NAME) });
    }
  }
  return optins;
}
