import { randomBytes } from 'node:crypto';

/** A new secret: 256 random bits, URL-safe, with a prefix that says what it is (`sk_`, `hs_`). */
export const secret = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
