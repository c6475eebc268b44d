import { createHash } from 'node:crypto';
import { remembered } from '../../../shared/domain/ids';

/**
 * A customer's referral code: 8 capital letters and digits derived from the customer id, so every
 * customer has one from enrolment on and it never changes (spec 2.9 `referralCode`). Remembered (a
 * hash on every customer read cost ~7 us). Codes are read case-insensitively (`normalizedCode`).
 */
export const referralCodeFor = remembered((customerId) =>
  createHash('sha256')
    .update(`referral:${customerId}`)
    .digest('base64url')
    .replace(/[-_]/g, '')
    .slice(0, 8)
    .toUpperCase(),
);

/** A code as a shopper or an order may write it: trimmed, capitals; null when it cannot be a code. */
export function normalizedCode(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const code = raw.trim().toUpperCase();
  return /^[A-Z0-9]{8}$/.test(code) ? code : null;
}

/**
 * The customer's referral link: the program's landing page (else the shop's storefront) with the
 * code in its `ref` query parameter, which the storefront reads to claim the code for a visitor.
 */
export function referralLink(base: string, code: string): string {
  const url = new URL(base);
  url.searchParams.set('ref', code);
  return url.toString();
}
