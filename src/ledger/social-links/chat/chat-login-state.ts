import { createHash, randomBytes } from 'node:crypto';

/**
 * The chat login's CSRF `state`: `<shop>.<customer>.<nonce>` (shop and customer ids base64url, the
 * nonce 256 random bits). The ids say whose stream holds the login; the customer's stream keeps only
 * the state's SHA-256, so a state is good only if it is the one that customer's last auth-url made,
 * unused and unexpired. Changing the customer part of a state makes it match nobody's login.
 */
export interface LoginStateOwner {
  shopId: string;
  customerId: string;
}

const MAX_STATE = 512;
const PART = /^[A-Za-z0-9_-]{1,200}$/;
const NONCE = /^[A-Za-z0-9_-]{43}$/;

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
const decode = (part: string) => Buffer.from(part, 'base64url').toString('utf8');

/** A new state for the customer (the nonce from `random`, 32 bytes). */
export function newLoginState(owner: LoginStateOwner, random: Buffer = randomBytes(32)): string {
  return `${encode(owner.shopId)}.${encode(owner.customerId)}.${random.toString('base64url')}`;
}

/** Whose login a state names, or null for anything that is not a state's shape. */
export function loginStateOwner(state: string): LoginStateOwner | null {
  if (state.length > MAX_STATE) return null;
  const [shop, customer, nonce, ...rest] = state.split('.');
  if (rest.length || !PART.test(shop ?? '') || !PART.test(customer ?? '') || !NONCE.test(nonce ?? '')) return null;
  return { shopId: decode(shop), customerId: decode(customer) };
}

/** What the customer's stream keeps of a state. */
export const loginStateHash = (state: string) => createHash('sha256').update(state, 'utf8').digest('hex');
