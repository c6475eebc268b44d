import { KeyObject } from 'node:crypto';
import { HeadlessPrincipal } from '../http/headless-request';
import { BoundedCache } from '../../shared/bounded-cache';

interface Verified {
  principal: HeadlessPrincipal;
  /** The token's `exp`, in seconds since the epoch. */
  expiresAt: number;
  /** The shop key the signature was checked with: once the shop's key changes, the entry is void. */
  key: KeyObject;
}

/**
 * Tokens this process has verified, by their exact text: a storefront sends the same token on every
 * page, and checking it again (passport, JSON decoding twice, HMAC) was a visible part of `GET /customer`.
 * A hit still has to be unexpired and signed with the key the shop has now, so it accepts exactly
 * what a full verification would: other bytes (a forged, altered or `alg: none` token) never hit,
 * an expired token is refused, and rotating a shop's headless secret voids its entries as soon as
 * this process sees the new key. Bounded; the least recently used goes first.
 */
export class VerifiedTokens {
  private readonly tokens: BoundedCache<string, Verified>;

  constructor(limit = 10_000) {
    this.tokens = new BoundedCache({ max: limit });
  }

  /** The principal of a token verified before, if it is still good with the shop's `currentKey`. */
  principal(
    token: string,
    currentKey: (shopId: string) => Promise<KeyObject | null>,
  ): Promise<HeadlessPrincipal | null> {
    const hit = this.tokens.get(token);
    if (!hit) return Promise.resolve(null);
    if (Math.floor(Date.now() / 1000) >= hit.expiresAt) {
      this.tokens.delete(token);
      return Promise.resolve(null);
    }
    return currentKey(hit.principal.shopId).then((key) => {
      if (key !== hit.key) {
        this.tokens.delete(token);
        return null;
      }
      return hit.principal;
    });
  }

  /** Records a token that passed full verification with `key`. */
  remember(token: string, principal: HeadlessPrincipal, expiresAt: number, key: KeyObject): void {
    // Frozen: every request with this token is handed the same object.
    this.tokens.set(token, { principal: Object.freeze({ ...principal }), expiresAt, key });
  }
}
