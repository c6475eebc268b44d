import { HostResolver } from '../../src/infrastructure/dns/host-resolver.port';

/** A public address (example.com's) that every documentation domain resolves to in tests. */
export const PUBLIC_TEST_ADDRESS = '93.184.215.14';

/**
 * Name resolution from a table, no network: `localhost` is loopback, the documentation domains
 * (`*.example.com`, `.org`, `.net`) are public, anything else does not resolve. Tests change
 * `names` to point a name elsewhere (DNS rebinding between registration and delivery).
 */
export function tableResolver(extra: Record<string, string[]> = {}): HostResolver & {
  names: Map<string, string[]>;
  asked: string[];
} {
  const names = new Map<string, string[]>([['localhost', ['127.0.0.1', '::1']], ...Object.entries(extra)]);
  const asked: string[] = [];
  return {
    names,
    asked,
    async resolve(host: string) {
      asked.push(host);
      const known = names.get(host);
      if (known) return known;
      if (/(^|\.)example\.(com|org|net)$/.test(host)) return [PUBLIC_TEST_ADDRESS];
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    },
  };
}
