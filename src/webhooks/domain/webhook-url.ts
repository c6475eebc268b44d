import { isIP } from 'node:net';

/** Where a webhook may point. Loopback is allowed only when the operator says so (embedded default, tests). */
export interface UrlPolicy {
  allowLoopbackHttp: boolean;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/** Syntax and scheme: http(s) only; plain http only to loopback when allowed. */
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
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const loopback = isLoopbackHost(host);
  if (loopback && !policy.allowLoopbackHttp) return { ok: false, reason: 'url must not point at this machine' };
  if (url.protocol === 'http:' && !loopback) return { ok: false, reason: 'url must use https' };
  if (isIP(host) && !loopback) {
    const refused = refusedAddress(host);
    if (refused) return { ok: false, reason: `url must not point at a ${refused} address` };
  }
  if (!isIP(host) && !loopback && isInternalName(host))
    return { ok: false, reason: 'url must not point at an internal host name' };
  return { ok: true, url };
}

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

export function isLoopbackAddress(address: string): boolean {
  return /^127\./.test(address) || address === '::1' || /^::ffff:127\./i.test(address);
}

function isInternalName(host: string): boolean {
  const h = host.toLowerCase();
  return h === 'metadata.google.internal' || h.endsWith('.internal') || h.endsWith('.local') || !h.includes('.');
}

/**
 * Addresses a webhook must never reach (SSRF): private, link-local (cloud metadata), carrier-grade
 * NAT, unspecified, multicast and reserved ranges. Loopback is judged separately by the policy.
 */
export function refusedAddress(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const ip = mapped ? mapped[1] : address;
  if (isIP(ip) === 4) {
    const [a, b] = ip.split('.').map(Number);
    if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
    if (a === 169 && b === 254) return 'link-local';
    if (a === 100 && b >= 64 && b <= 127) return 'shared (CGNAT)';
    if (a === 0) return 'unspecified';
    if (a === 127) return 'loopback';
    if (a >= 224) return 'multicast or reserved';
    if (a === 192 && b === 0) return 'reserved';
    if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
    return null;
  }
  const v6 = ip.toLowerCase();
  if (v6 === '::') return 'unspecified';
  if (v6 === '::1') return 'loopback';
  if (/^f[cd]/.test(v6)) return 'private';
  if (/^fe[89ab]/.test(v6)) return 'link-local';
  if (/^ff/.test(v6)) return 'multicast';
  if (v6.startsWith('fd00:ec2::254')) return 'metadata';
  return null;
}
