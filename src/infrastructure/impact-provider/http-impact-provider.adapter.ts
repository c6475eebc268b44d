import {
  ImpactContribution,
  ImpactProvider,
  ImpactProviderError,
  ImpactReceipt,
  ImpactTotals,
} from './impact-provider.port';

export interface HttpImpactProviderOptions {
  /** Base URL: contributions go to `<url>/contributions`, totals come from `<url>/customers/<ref>/totals`. */
  url: string;
  apiKey: string;
  timeoutMs: number;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * An impact provider speaking a small JSON REST protocol, authenticated with a bearer API key:
 *   POST <url>/contributions  {id, shop, customer, provider, unit, quantity} -> 2xx {status}
 *   GET  <url>/customers/<customer>/totals?shop=<shop>            -> 2xx {trees, plasticBottles}
 * The contribution id doubles as the `Idempotency-Key`, so a resend is one contribution. A network
 * error, a timeout, a non-2xx answer or a body that is not JSON is an ImpactProviderError; a 2xx
 * answer's status is passed through as sent (the ledger decides what it means).
 */
export class HttpImpactProvider implements ImpactProvider {
  constructor(private readonly options: HttpImpactProviderOptions) {}

  async contribute(c: ImpactContribution): Promise<ImpactReceipt> {
    const body = {
      id: c.contributionId,
      shop: c.shopId,
      customer: c.customerRef,
      provider: c.provider,
      unit: c.unit,
      quantity: c.quantity,
    };
    const answer = await this.call('POST', '/contributions', body, { 'Idempotency-Key': c.contributionId });
    const status = (answer as { status?: unknown }).status;
    return { status: typeof status === 'string' ? status : null };
  }

  async totals(shopId: string, customerRef: string): Promise<ImpactTotals> {
    const path = `/customers/${encodeURIComponent(customerRef)}/totals?shop=${encodeURIComponent(shopId)}`;
    const answer = (await this.call('GET', path)) as { trees?: unknown; plasticBottles?: unknown };
    if (!isCount(answer.trees) || !isCount(answer.plasticBottles))
      throw new ImpactProviderError('Impact provider answered totals without trees and plasticBottles');
    return { trees: answer.trees, plasticBottles: answer.plasticBottles };
  }

  private async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    let response: Response;
    try {
      response = await fetch(`${this.options.url.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${this.options.apiKey}`,
          Accept: 'application/json',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
          ...headers,
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new ImpactProviderError(`Impact provider unreachable: ${(error as Error).message}`);
    }
    if (!response.ok) throw new ImpactProviderError(`Impact provider answered HTTP ${response.status}`);
    try {
      const parsed: unknown = await response.json();
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      return parsed;
    } catch {
      throw new ImpactProviderError('Impact provider answered a body that is not a JSON object');
    }
  }
}
