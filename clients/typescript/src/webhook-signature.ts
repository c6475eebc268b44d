import { createHmac, timingSafeEqual } from 'node:crypto';

/** The headers every delivery carries (lower-case, as Node's `IncomingMessage` gives them). */
export const WEBHOOK_HEADERS = {
  signature: 'x-svc-loyalty-hmac-sha256',
  deliveryId: 'x-svc-loyalty-delivery-id',
  topic: 'x-svc-loyalty-topic',
  shopId: 'x-svc-loyalty-shop-id',
  timestamp: 'x-svc-loyalty-timestamp',
} as const;

/**
 * Whether `signature` (the `X-Svc-Loyalty-Hmac-Sha256` header: base64 HMAC-SHA256 of the raw body
 * with the shop's secret key) signs `rawBody`. Verify the bytes as received, before any JSON parsing:
 * a re-serialised body does not match. Compared in constant time.
 */
export function verifyWebhookSignature(
  rawBody: Buffer | string,
  signature: string | string[] | undefined,
  secretKey: string,
): boolean {
  if (typeof signature !== 'string' || signature.length === 0) return false;
  const expected = createHmac('sha256', secretKey).update(rawBody).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
