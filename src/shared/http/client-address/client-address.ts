import ipaddr from 'ipaddr.js';

/**
 * The key a client is counted under by the per-IP quotas and the authentication throttle: an IPv4
 * address as it is, an IPv6 client by its /64 (one subscriber's allocation: counting each full
 * address would let a single host use 2^64 of them), an IPv4-mapped IPv6 address as its IPv4.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  // Every request comes here: an IPv4 peer (no colon) needs no parsing.
  if (!ip.includes(':') || !ipaddr.isValid(ip)) return ip;
  const v6 = ipaddr.IPv6.parse(ip);
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  const prefix = new ipaddr.IPv6([...v6.parts.slice(0, 4), 0, 0, 0, 0]);
  return `${prefix.toString()}/64`;
}
