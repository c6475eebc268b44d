import { createHmac } from 'node:crypto';

/**
 * Who a referred friend is, without keeping their email where the referrer's history can read it.
 * A friend is known by a key (an HMAC of their normalised email, keyed with the shop id) and shown
 * by a label (the email masked: `a•••@e•••.com`). The key makes a second claim of the same person
 * with a disguised address (`ada+2@…`, `a.da@gmail.com`) land on the same friend.
 */

/** Mailboxes that ignore dots in the local part. */
const DOTLESS_DOMAINS: ReadonlySet<string> = new Set(['gmail.com', 'googlemail.com']);

/**
 * An email as a person, not as a string: lower case, without a `+tag`, and without dots where the
 * mailbox ignores them (`A.Da+promo@GoogleMail.com` and `ada@gmail.com` are the same person).
 * Null when it is not an email.
 */
export function emailIdentity(email: string | null | undefined): string | null {
  const at = email ? email.trim().toLowerCase().lastIndexOf('@') : -1;
  if (!email || at < 1) return null;
  const lower = email.trim().toLowerCase();
  let local = lower.slice(0, at).split('+')[0];
  let domain = lower.slice(at + 1);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, '');
  return local && domain.includes('.') ? `${local}@${domain}` : null;
}

/** The friend's key in a shop: an HMAC of the email's identity (no email: the customer id). */
export function friendKeyOf(shopId: string, email: string | null | undefined, customerId?: string): string {
  const identity = emailIdentity(email);
  const subject = identity ? `email:${identity}` : `customer:${customerId ?? ''}`;
  return createHmac('sha256', `referral-friend:${shopId}`).update(subject).digest('hex').slice(0, 32);
}

const mask = (part: string) => (part ? `${part[0]}•••` : '•••');

/** The friend as the referrer sees them: `ada@example.com` -> `a•••@e•••.com` (no email: `a friend`). */
export function friendLabelOf(email: string | null | undefined): string {
  const identity = emailIdentity(email);
  if (!identity) return 'a friend';
  const [local, domain] = identity.split('@');
  const dot = domain.lastIndexOf('.');
  return `${mask(local)}@${mask(domain.slice(0, dot))}${domain.slice(dot)}`;
}

const keyed = (shopId: string, text: string) =>
  createHmac('sha256', `referral-fingerprint:${shopId}`).update(text).digest('hex').slice(0, 32);

/**
 * An order's fingerprints: its addresses (`a:`) and its payment method when the platform reports a
 * fingerprint of it (`p:`), each hashed with a key of the shop, so two orders can be seen to share
 * one without either being kept.
 */
export function orderFingerprints(shopId: string, addresses: readonly string[], payment: string | null | undefined) {
  return [
    ...addresses.map((a) => `a:${keyed(shopId, a)}`),
    ...(payment ? [`p:${keyed(shopId, `payment:${payment}`)}`] : []),
  ];
}
