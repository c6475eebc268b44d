import { createHash } from 'node:crypto';

/** Unambiguous characters (no 0/O, 1/I). */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * The code a reward id always gets (10 characters, about 50 bits): two processes minting the same
 * reward at once, or a retry after a half-finished call, arrive at the same code instead of two.
 * Reward ids are random, or derived from a merchant's Idempotency-Key, so codes are not guessable
 * from anything a shopper sees.
 */
export function codeFor(rewardId: string, prefix = 'LOY'): string {
  const digest = createHash('sha256').update(rewardId).digest();
  return `${prefix}-${[...digest.subarray(0, 10)].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}
