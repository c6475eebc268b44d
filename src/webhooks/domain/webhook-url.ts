import ipaddr from 'ipaddr.js';

/** Where a webhook may point. Loopback is allowed only when the operator says so (embedded default, tests). */
export interface UrlPolicy {
  allowLoopbackHttp: boolean;
}

/**
 * A checked URL. `host` is the host in lower case without brackets or trailing dots. `address` is
 * set when the host is an IP literal (nothing to resolve; the connection goes to it), and `loopback`
 * says whether it (or the name) is this machine.
 */
export type UrlVerdict =
  { ok: true; url: URL; host: string; address: string | null; loopback: boolean } | { ok: false; reason: string };

/** What one address is to the policy: a public unicast address, this machine, or refused with why. */
export type AddressClass = { kind: 'public' } | { kind: 'loopback' } | { kind: 'refused'; reason: string };

/** Names that never reach the public internet (RFC 6761, 6762, 8375, cloud metadata). */
const INTERNAL_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

/**
 * Syntax, scheme and host. Every address form is normalised before it is judged: the URL parser
 * already turns hex, octal and integer IPv4 (`0x7f.1`, `0177.0.0.1`, `2130706433`) into dotted
 * quads and IPv4-mapped IPv6 into hex (`[::ffff:7f00:1]`); here mapped, compatible, NAT64 and 6to4
 * addresses are judged by the IPv4 address they carry, and trailing dots (`localhost.`) are dropped.
 * Names are judged by name here and by what they resolve to in `checkResolvedAddresses`.
 */
export function checkWebhookUrl(raw: unknown, policy: UrlPolicy): UrlVerdict {
  if (typeof raw !== 'string' || !raw.trim()) return { ok: false, reason: 'url is required' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: 'url must be an absolute http(s) URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'url must use https' };
  if (url.username || url.password) return { ok: false, reason: 'url must not carry credentials' };
  const host = normaliseHost(url.hostname);
  if (!host) return { ok: false, reason: 'url must name a host' };
  const address = parseAddress(host);
  let loopback: boolean;
  if (address) {
    const judged = classifyAddress(address);
    if (judged.kind === 'refused') return { ok: false, reason: `url must not point at a ${judged.reason} address` };
    loopback = judged.kind === 'loopback';
  } else {
    loopback = isLoopbackName(host);
    if (!loopback && isInternalName(host)) return { ok: false, reason: 'url must not point at an internal host name' };
  }
  if (loopback && !policy.allowLoopbackHttp) return { ok: false, reason: 'url must not point at this machine' };
  if (url.protocol === 'http:' && !loopback) return { ok: false, reason: 'url must use https' };
  return { ok: true, url, host, address: address ? address.toString() : null, loopback };
}

/**
 * The addresses a name resolved to, at registration and again at delivery (a name may be pointed
 * inside later: DNS rebinding). Refused when any of them is refused: the connection could go to
 * any of them. Null: acceptable.
 */
export function checkResolvedAddresses(host: string, addresses: string[], policy: UrlPolicy): string | null {
  if (addresses.length === 0) return `${host} does not resolve`;
  for (const text of addresses) {
    const judged = classifyAddressText(text);
    if (judged.kind === 'refused') return `${host} resolves to a ${judged.reason} address`;
    if (judged.kind === 'loopback' && !policy.allowLoopbackHttp) return `${host} resolves to this machine`;
  }
  return null;
}

/** The address a socket actually connected to (delivery time): the same rules as for a URL. */
export function checkConnectedAddress(text: string, policy: UrlPolicy): string | null {
  const judged = classifyAddressText(text);
  if (judged.kind === 'refused') return `connected to a ${judged.reason} address`;
  if (judged.kind === 'loopback' && !policy.allowLoopbackHttp) return 'connected to this machine';
  return null;
}

/** Lower case, no brackets, no trailing dots (`localhost.` is `localhost`, `[::1]` is `::1`). */
export function normaliseHost(hostname: string): string {
  return hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.+$/, '');
}

export function isLoopbackName(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost');
}

function isInternalName(host: string): boolean {
  return host === 'metadata.google.internal' || !host.includes('.') || INTERNAL_SUFFIXES.some((s) => host.endsWith(s));
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** Any textual address form (dotted, hex, octal, integer IPv4; any IPv6), or null for a name. */
export function parseAddress(text: string): Address | null {
  const bare = normaliseHost(text);
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/**
 * The IPv4 address an IPv6 address carries, when it is one of the forms that reach an IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), SIIT (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96) and 6to4 (2002:aabb:ccdd::/48).
 */
export function embeddedIPv4(address: ipaddr.IPv6): { ipv4: ipaddr.IPv4; mapped: boolean } | null {
  const p = address.parts;
  const last32 = () => new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return { ipv4: last32(), mapped: true };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { ipv4: last32(), mapped: true };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { ipv4: last32(), mapped: false };
  if (p[0] === 0x2002)
    return { ipv4: new ipaddr.IPv4([p[1] >> 8, p[1] & 0xff, p[2] >> 8, p[2] & 0xff]), mapped: false };
  // IPv4-compatible: the first 96 bits zero, but not :: and ::1 themselves.
  if (zeros(0, 6) && (p[6] !== 0 || p[7] > 1)) return { ipv4: last32(), mapped: false };
  return null;
}

export function classifyAddressText(text: string): AddressClass {
  const address = parseAddress(text);
  return address ? classifyAddress(address) : { kind: 'refused', reason: 'malformed' };
}

/**
 * Addresses a webhook must never reach (SSRF): private, link-local (cloud metadata), carrier-grade
 * NAT, unspecified (0.0.0.0 and :: reach this machine), multicast, broadcast, reserved and tunnel
 * ranges. Only plain unicast is public. Loopback is its own class: the policy decides.
 */
export function classifyAddress(address: Address): AddressClass {
  if (address instanceof ipaddr.IPv6) {
    const v6 = address;
    const inner = embeddedIPv4(v6);
    if (inner) {
      const judged = classifyAddress(inner.ipv4);
      // Only a mapped address is this machine; loopback tunnelled through NAT64, 6to4 or the
      // deprecated compatible form goes somewhere else, never where the operator allowed.
      return judged.kind === 'loopback' && !inner.mapped ? { kind: 'refused', reason: 'tunnelled loopback' } : judged;
    }
    const range = v6.range();
    if (range === 'loopback') return { kind: 'loopback' };
    if (range === 'unicast') return { kind: 'public' };
    return { kind: 'refused', reason: V6_NAMES[range] ?? range };
  }
  const range = address.range();
  if (range === 'loopback') return { kind: 'loopback' };
  if (range === 'unicast') return { kind: 'public' };
  return { kind: 'refused', reason: V4_NAMES[range] ?? range };
}

const V4_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  broadcast: 'broadcast',
  multicast: 'multicast',
  linkLocal: 'link-local',
  carrierGradeNat: 'shared (CGNAT)',
  private: 'private',
  reserved: 'reserved',
  as112: 'reserved (AS112)',
  amt: 'reserved (AMT)',
};

const V6_NAMES: Record<string, string> = {
  unspecified: 'unspecified',
  linkLocal: 'link-local',
  multicast: 'multicast',
  uniqueLocal: 'private',
  deprecatedSiteLocal: 'private (site-local)',
  discard: 'reserved (discard)',
  rfc6052: 'NAT64 local-use',
  teredo: 'tunnel (Teredo)',
  benchmarking: 'reserved (benchmarking)',
  reserved: 'reserved',
};
