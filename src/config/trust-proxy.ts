import { ConfigError } from './config-error';
import ipaddr from 'ipaddr.js';

/** Express's `trust proxy`: off, a hop count, or the addresses (CIDR, or Express's names) of trusted proxies. */
export type TrustProxy = false | number | string[];

const NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(item: string): boolean {
  if (ipaddr.isValid(item)) return true;
  try {
    ipaddr.parseCIDR(item);
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY: unset or `false` = no proxy (the peer is the client; forwarded headers are ignored);
 * `1`..`10` = that many proxies in front, each appending to X-Forwarded-For; otherwise a comma list of
 * addresses, CIDR ranges and the names `loopback`, `linklocal`, `uniquelocal`. `true` (trust every
 * peer) is refused: any client could then name any address.
 */
export function trustProxySetting(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > 10) throw new ConfigError('TRUST_PROXY: a hop count must be from 1 to 10');
    return hops;
  }
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  for (const item of items) {
    if (!NAMES.includes(item) && !isAddressOrRange(item))
      throw new ConfigError(
        `TRUST_PROXY: "${item}" is not an address, a CIDR range or one of ${NAMES.join(', ')} (or use a hop count)`,
      );
  }
  return items;
}
