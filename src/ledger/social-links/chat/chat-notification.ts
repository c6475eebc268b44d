import { createHmac, timingSafeEqual } from 'node:crypto';
import { because } from '../../../shared/domain/domain-error';

/**
 * The chat network's webhook for a shop's channel: the raw body signed with the channel secret,
 * `X-Line-Signature: <base64 HMAC-SHA256 of the raw body>`; `events` of which `follow` and
 * `unfollow` (of the channel's official account) by a user (`source.userId`) matter here:
 *
 *     {"destination": "<bot>", "events": [{"type": "follow", "timestamp": 1767225600000,
 *       "source": {"type": "user", "userId": "<user>"}, "webhookEventId": "...", "mode": "active"}]}
 *
 * Other events (messages, joins) are not follows.
 */
export const CHAT_SIGNATURE_HEADER = 'x-line-signature';

/** One follow change, as sent (the user id raw: it never goes further than ChatUserRefs). */
export interface ChatFollow {
  rawUserId: string;
  following: boolean;
  /** The event's `timestamp` (epoch ms), null when absent. */
  notifiedAt: number | null;
}

const MAX_ID = 100;

/** Throws 401 unless `signature` is the base64 HMAC-SHA256 of `raw` with `secret` (compared in constant time). */
export function verifyChatSignature(raw: Buffer, signature: string | undefined, secret: string): void {
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = /^[A-Za-z0-9+/]+={0,2}$/.test(signature ?? '') ? Buffer.from(signature!, 'base64') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw because.unauthorized('X-Line-Signature does not match the body');
}

/** The follow changes of a verified notification, in order; other events, or ones lacking a user, are left out. */
export function chatFollows(body: unknown): ChatFollow[] {
  const events = (body as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return [];
  const follows: ChatFollow[] = [];
  for (const event of events as Array<{ type?: unknown; timestamp?: unknown; source?: { userId?: unknown } }>) {
    if (event?.type !== 'follow' && event?.type !== 'unfollow') continue;
    const rawUserId = event.source?.userId;
    if (typeof rawUserId !== 'string' || !rawUserId || rawUserId.length > MAX_ID) continue;
    const notifiedAt = Number.isSafeInteger(event.timestamp) ? (event.timestamp as number) : null;
    follows.push({ rawUserId, following: event.type === 'follow', notifiedAt });
  }
  return follows;
}
