import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config';
import { HOST_RESOLVER, HostResolver } from '../../infrastructure/dns/host-resolver.port';
import { checkConnectedAddress, checkResolvedAddresses, checkWebhookUrl, UrlPolicy } from '../domain/webhook-url';

export type GuardedUrl =
  { ok: true; url: URL; host: string; addresses: string[] } | { ok: false; reason: string; dns: boolean };

/**
 * The webhook URL policy with name resolution: at registration (a name that resolves inside is
 * refused there, not at the first delivery) and again before every delivery (DNS may have changed).
 */
@Injectable()
export class WebhookUrlGuard {
  constructor(
    private readonly config: AppConfig,
    @Inject(HOST_RESOLVER) private readonly resolver: HostResolver,
  ) {}

  get policy(): UrlPolicy {
    return { allowLoopbackHttp: this.config.webhooks.allowLoopback };
  }

  async check(raw: unknown): Promise<GuardedUrl> {
    const verdict = checkWebhookUrl(raw, this.policy);
    if (!verdict.ok) return { ok: false, reason: verdict.reason, dns: false };
    const { url, host } = verdict;
    if (verdict.address) return { ok: true, url, host, addresses: [verdict.address] };
    let addresses: string[];
    try {
      addresses = await this.resolver.resolve(host);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      return { ok: false, reason: `${host} could not be resolved (${code ?? (error as Error).message})`, dns: true };
    }
    const refused = checkResolvedAddresses(host, addresses, this.policy);
    if (refused) return { ok: false, reason: refused, dns: false };
    return { ok: true, url, host, addresses };
  }

  /** The address a delivery's socket connected to; null: acceptable. */
  checkConnected(address: string): string | null {
    return checkConnectedAddress(address, this.policy);
  }
}
