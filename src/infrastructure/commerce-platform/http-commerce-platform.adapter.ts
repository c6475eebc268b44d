import { codeFor } from './discount-codes';
import { CustomerOrder, toCustomerOrder } from './platform-orders';
import { Logger } from '@nestjs/common';
import { because } from '../../shared/domain/domain-error';
import {
  CommercePlatform,
  Discount,
  DiscountRequest,
  ShopMetafield,
  PlatformCustomerIdentity,
  StoreCredit,
  StoreCreditPage,
  StoreCreditRequest,
  StoreCreditTransaction,
} from './commerce-platform.port';
import { PlatformCustomerId, platformIdValue, platformIdDigits } from '../../shared/domain/platform-ids';

export interface HttpCommercePlatformOptions {
  /** Admin API base; `{domain}` is replaced by the shop's domain (e.g. https://{domain}/admin/api/2025-01). */
  baseUrl: string;
  accessToken: string;
  /**
   * The platform's customer account API (GraphQL), where a customer's own access token is checked;
   * `{domain}` as above. Default: the admin base with `/admin/api/<version>` read as
   * `/account/customer/api/<version>/graphql`.
   */
  customerApiUrl?: string;
  /** The shop's domain, for the base URL. */
  domainOf: (shopId: string) => Promise<string>;
  timeoutMs?: number;
}

const money = (n: number) => n.toFixed(2);

/**
 * The commerce platform's admin REST API (price rules with one discount code each, and store credit).
 * Every call is safe to repeat for the same reward id: codes derive from it and are looked up first,
 * store credit is sent with the reward id as Idempotency-Key. Platform failures surface as 502:
 * PLATFORM_UNAVAILABLE (unreachable, 5xx, 429: worth retrying) or PLATFORM_REJECTED (another 4xx);
 * nothing is spent.
 */
export class HttpCommercePlatform implements CommercePlatform {
  private readonly logger = new Logger('HttpCommercePlatform');

  constructor(private readonly options: HttpCommercePlatformOptions) {}

  async createDiscount(request: DiscountRequest): Promise<Discount> {
    const code = codeFor(request.rewardId, request.codePrefix || undefined);
    const found = await this.lookup(request.shopId, code);
    if (found) return { code, discountId: String(found.id), priceRuleId: String(found.price_rule_id) };
    const shipping = request.rewardType === 'free_shipping';
    const gift = request.rewardType === 'free_product';
    const percentage = request.rewardType === 'percentage' || shipping || gift;
    const products = gift ? [] : (request.entitledProductIds ?? []);
    const collections = gift ? [] : (request.entitledCollectionIds ?? []);
    const entitled = gift || products.length > 0 || collections.length > 0;
    const { price_rule } = await this.call<{ price_rule: { id: number } }>(
      request.shopId,
      'POST',
      '/price_rules.json',
      {
        price_rule: {
          title: `${request.title} (${code})`,
          value_type: percentage ? 'percentage' : 'fixed_amount',
          value: shipping || gift ? '-100.0' : `-${money(request.rewardValue ?? 0)}`,
          target_type: shipping ? 'shipping_line' : 'line_item',
          target_selection: entitled ? 'entitled' : 'all',
          allocation_method: gift ? 'each' : 'across',
          ...(gift ? { entitled_variant_ids: request.entitledVariantIds.map(Number), allocation_limit: 1 } : {}),
          ...(products.length ? { entitled_product_ids: products.map(Number) } : {}),
          ...(collections.length ? { entitled_collection_ids: collections.map(Number) } : {}),
          customer_selection: 'prerequisite',
          prerequisite_customer_ids: [request.platformCustomerId],
          ...(request.orderReqAmount
            ? { prerequisite_subtotal_range: { greater_than_or_equal_to: request.orderReqAmount } }
            : {}),
          usage_limit: 1,
          once_per_customer: true,
          starts_at: new Date().toISOString(),
          ends_at: request.expiresAt,
          combines_with: {
            order_discounts: request.combinedWith.orderDiscounts,
            product_discounts: request.combinedWith.productDiscounts,
            shipping_discounts: request.combinedWith.shippingDiscounts,
          },
        },
      },
    );
    const { discount_code } = await this.call<{ discount_code: { id: number } }>(
      request.shopId,
      'POST',
      `/price_rules/${price_rule.id}/discount_codes.json`,
      { discount_code: { code } },
    );
    return { code, discountId: String(discount_code.id), priceRuleId: String(price_rule.id) };
  }

  async disableDiscount(shopId: string, code: string): Promise<void> {
    const found = await this.lookup(shopId, code);
    if (found) await this.call(shopId, 'DELETE', `/price_rules/${found.price_rule_id}/discount_codes/${found.id}.json`);
  }

  async issueStoreCredit(request: StoreCreditRequest): Promise<StoreCredit> {
    const { credit } = await this.call<{ credit: { id: number } }>(
      request.shopId,
      'POST',
      `/customers/${request.platformCustomerId}/store_credit/credits.json`,
      { credit: { amount: money(request.amount), currency: request.currency, reference: request.rewardId } },
      request.rewardId,
    );
    return { reference: `CREDIT-${credit.id}` };
  }

  async reverseStoreCredit(shopId: string, reference: string): Promise<void> {
    await this.call(shopId, 'POST', `/store_credit/credits/${reference.replace(/^CREDIT-/, '')}/reverse.json`, {});
  }

  /** Collection memberships from the platform's collects, one lookup per product, side by side. */
  async collectionsOf(shopId: string, productIds: string[]): Promise<Record<string, string[]>> {
    const unique = [...new Set(productIds)];
    const answers = await Promise.all(
      unique.map((id) =>
        this.call<{ collects: Array<{ collection_id: number | string }> }>(
          shopId,
          'GET',
          `/collects.json?product_id=${encodeURIComponent(id)}&fields=collection_id`,
        ),
      ),
    );
    return Object.fromEntries(
      unique.map((id, i) => [id, (answers[i]?.collects ?? []).map((c) => String(c.collection_id))]),
    );
  }

  /** The admin API upserts a shop metafield by namespace and key, so a repeat writes the same one. */
  async setShopMetafield(shopId: string, metafield: ShopMetafield): Promise<void> {
    await this.call(shopId, 'POST', '/metafields.json', { metafield: { ...metafield, type: 'json' } });
  }

  async listShopMetafields(shopId: string, namespace: string): Promise<string[]> {
    return (await this.metafieldsIn(shopId, namespace)).map((m) => m.key);
  }

  async deleteShopMetafield(shopId: string, namespace: string, key: string): Promise<void> {
    const found = (await this.metafieldsIn(shopId, namespace)).find((m) => m.key === key);
    if (found) await this.call(shopId, 'DELETE', `/metafields/${found.id}.json`, undefined, undefined, [404]);
  }

  private async metafieldsIn(shopId: string, namespace: string) {
    const { metafields } = await this.call<{ metafields: Array<{ id: number; key: string }> }>(
      shopId,
      'GET',
      `/metafields.json?namespace=${encodeURIComponent(namespace)}&fields=id,key&limit=250`,
    );
    return metafields ?? [];
  }

  /** The customer's store-credit account transactions, paged by the platform's own cursors. */
  async storeCreditTransactions(
    shopId: string,
    platformCustomerId: PlatformCustomerId,
    page: { limit: number; before?: string; after?: string },
  ): Promise<StoreCreditPage> {
    const query = new URLSearchParams({ limit: String(page.limit) });
    if (page.before) query.set('before', page.before);
    if (page.after) query.set('after', page.after);
    const answer = await this.call<{
      transactions?: Array<{
        id: unknown;
        amount: unknown;
        currency: unknown;
        reference?: unknown;
        created_at: unknown;
      }>;
      page_info?: {
        has_next?: boolean;
        has_previous?: boolean;
        start_cursor?: string | null;
        end_cursor?: string | null;
      };
    }>(shopId, 'GET', `/customers/${platformCustomerId}/store_credit/transactions.json?${query.toString()}`);
    const items = (answer.transactions ?? []).map((t): StoreCreditTransaction => {
      const amount = Number(t.amount);
      return {
        id: String(t.id),
        type: amount < 0 ? 'debit' : 'credit',
        amount,
        currencyCode: String(t.currency ?? ''),
        reference: String(t.reference ?? ''),
        createdAt: new Date(String(t.created_at)).toISOString(),
      };
    });
    const info = answer.page_info ?? {};
    return {
      items,
      hasNext: info.has_next ?? false,
      hasPre: info.has_previous ?? false,
      startCursor: info.start_cursor ?? null,
      endCursor: info.end_cursor ?? null,
    };
  }

  /** The platform keeps its orders: nothing to record here. */
  recordOrder(): Promise<void> {
    return Promise.resolve();
  }

  /** Nothing recorded here; the platform erases its own data. */
  forgetCustomer(): Promise<void> {
    return Promise.resolve();
  }

  async customerOrders(
    shopId: string,
    platformCustomerId: PlatformCustomerId,
    orderId?: string,
  ): Promise<CustomerOrder[]> {
    const query = new URLSearchParams({ customer_id: String(platformCustomerId), status: 'any', limit: '50' });
    if (orderId) query.set('ids', orderId);
    const { orders } = await this.call<{ orders?: unknown[] }>(shopId, 'GET', `/orders.json?${query.toString()}`);
    return (orders ?? [])
      .map(toCustomerOrder)
      .filter((o) => !orderId || String(o.id) === orderId)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  async verifyCustomerToken(shopId: string, accessToken: string): Promise<PlatformCustomerIdentity | null> {
    const template =
      this.options.customerApiUrl ?? `${this.options.baseUrl.replace('/admin/api/', '/account/customer/api/')}/graphql`;
    const url = template.replace('{domain}', await this.options.domainOf(shopId));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: accessToken },
        body: JSON.stringify({ query: '{ customer { id emailAddress { emailAddress } } }' }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      this.logger.error(`customer token check failed: ${(error as Error).message}`);
      throw because.platformUnavailable('The commerce platform could not be reached');
    }
    // The platform does not know the token (expired, revoked, another shop's).
    if (response.status === 401 || response.status === 403) return null;
    if (!response.ok) {
      this.logger.error(`customer token check answered ${response.status}`);
      throw because.platformUnavailable(`The commerce platform answered ${response.status}`);
    }
    const body = (await response.json().catch(() => null)) as {
      data?: { customer?: { id?: unknown; emailAddress?: { emailAddress?: unknown } | null } | null };
    } | null;
    const customer = body?.data?.customer;
    // Global ids end in the numeric id (`gid://platform/Customer/7001`).
    const numeric = typeof customer?.id === 'string' ? /(\d+)$/.exec(customer.id)?.[1] : undefined;
    const digits = platformIdDigits(numeric);
    if (digits === null) return null;
    const platformCustomerId = platformIdValue(digits);
    const email = customer?.emailAddress?.emailAddress;
    return { platformCustomerId, email: typeof email === 'string' ? email.toLowerCase() : null };
  }

  private async lookup(shopId: string, code: string): Promise<{ id: number; price_rule_id: number } | null> {
    const found = await this.call<{ discount_code?: { id: number; price_rule_id: number } } | null>(
      shopId,
      'GET',
      `/discount_codes/lookup.json?code=${encodeURIComponent(code)}`,
      undefined,
      undefined,
      [404],
    );
    return found?.discount_code ?? null;
  }

  private async call<T>(
    shopId: string,
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
    allowed: number[] = [],
  ): Promise<T> {
    const base = this.options.baseUrl.replace('{domain}', await this.options.domainOf(shopId));
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          'x-platform-access-token': this.options.accessToken,
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      this.logger.error(`${method} ${path} failed: ${(error as Error).message}`);
      throw because.platformUnavailable('The commerce platform could not be reached');
    }
    if (allowed.includes(response.status)) return null as T;
    if (!response.ok) {
      this.logger.error(`${method} ${path} answered ${response.status}`);
      // A 4xx (but 429) will not pass on a retry: the platform refused this request.
      const refused = response.status >= 400 && response.status < 500 && response.status !== 429;
      const message = `The commerce platform answered ${response.status}`;
      throw refused ? because.platformRejected(message) : because.platformUnavailable(message);
    }
    return (response.status === 204 ? null : await response.json()) as T;
  }
}
