import { codeFor } from './discount-codes';
import { CollectionDefinition, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CombinedWith } from './commerce-platform.port';
import { ProductCollections } from './product-collections';
import { CustomerOrder, PlatformOrders } from './platform-orders';
import { Logger } from '@nestjs/common';
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
import { because } from '../../shared/domain/domain-error';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

interface DiscountDoc {
  id: string;
  shopId: string;
  code: string;
  rewardType: string;
  rewardValue: number | null;
  orderReqAmount?: string | null;
  platformCustomerId?: PlatformCustomerId;
  combinedWith?: CombinedWith;
  entitledVariantIds?: string[];
  entitledProductIds?: string[];
  entitledCollectionIds?: string[];
  expiresAt: string | null;
  status: 'active' | 'disabled';
  createdAt: string;
}

interface StoreCreditDoc {
  id: string;
  shopId: string;
  reference: string;
  platformCustomerId: PlatformCustomerId;
  amount: number;
  currency: string;
  status: 'issued' | 'reversed';
  reversedAt?: string;
  createdAt: string;
}

/** A shop metafield as the embedded platform records it (what the storefront would read). */
export interface MetafieldDoc extends ShopMetafield {
  id: string;
  shopId: string;
  updatedAt: string;
}

export const METAFIELDS: CollectionDefinition = { name: 'platform_metafields', indexes: [['shopId', 'namespace']] };
const DISCOUNTS: CollectionDefinition = { name: 'platform_discounts', indexes: [['shopId', 'code']] };
const STORE_CREDITS: CollectionDefinition = { name: 'platform_store_credits', indexes: [['shopId', 'reference']] };

/** Discount codes and store credit kept in this service's own store: unique per shop, one per reward id. */
export class EmbeddedCommercePlatform implements CommercePlatform {
  private readonly collections: ProductCollections;
  private readonly orders: PlatformOrders;

  constructor(private readonly readStore: ReadStore) {
    this.collections = new ProductCollections(readStore);
    this.orders = new PlatformOrders(readStore);
  }

  collectionsOf(shopId: string, productIds: string[]): Promise<Record<string, string[]>> {
    return this.collections.collectionsOf(shopId, productIds);
  }

  /** Credits issued for redemptions; a reversed one shows as a credit and its debit. Cursors: base64url of row ids. */
  async storeCreditTransactions(
    shopId: string,
    platformCustomerId: PlatformCustomerId,
    page: { limit: number; before?: string; after?: string },
  ): Promise<StoreCreditPage> {
    const credits = await this.readStore.collection<StoreCreditDoc>(STORE_CREDITS);
    const rows = (await credits.find({ shopId, platformCustomerId })).flatMap((c) => {
      const credit: StoreCreditTransaction = {
        id: `${c.id}:credit`,
        type: 'credit',
        amount: c.amount,
        currencyCode: c.currency,
        reference: c.reference,
        createdAt: c.createdAt,
      };
      if (c.status !== 'reversed') return [credit];
      const reversedAt = c.reversedAt ?? c.createdAt;
      return [
        credit,
        { ...credit, id: `${c.id}:debit`, type: 'debit' as const, amount: -c.amount, createdAt: reversedAt },
      ];
    });
    rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
    const decode = (cursor?: string) => (cursor ? Buffer.from(cursor, 'base64url').toString('utf8') : undefined);
    const at = (cursor?: string) => {
      const id = decode(cursor);
      const index = id === undefined ? -1 : rows.findIndex((r) => r.id === id);
      if (id !== undefined && index < 0)
        throw because.badRequest('the cursor is not one of this account', { field: 'cursor' });
      return index;
    };
    const before = at(page.before);
    const after = at(page.after);
    const start = after >= 0 ? after + 1 : before >= 0 ? Math.max(0, before - page.limit) : 0;
    const end = before >= 0 ? before : start + page.limit;
    const items = rows.slice(start, Math.min(end, start + page.limit));
    const cursor = (row?: StoreCreditTransaction) => (row ? Buffer.from(row.id).toString('base64url') : null);
    return {
      items,
      hasNext: start + items.length < rows.length,
      hasPre: start > 0,
      startCursor: cursor(items[0]),
      endCursor: cursor(items.at(-1)),
    };
  }

  recordOrder(shopId: string, platformCustomerId: PlatformCustomerId, payload: unknown): Promise<void> {
    return this.orders.put(shopId, platformCustomerId, payload);
  }

  forgetCustomer(shopId: string, platformCustomerId: PlatformCustomerId): Promise<void> {
    return this.orders.forget(shopId, platformCustomerId);
  }

  customerOrders(shopId: string, platformCustomerId: PlatformCustomerId, orderId?: string): Promise<CustomerOrder[]> {
    return this.orders.ofCustomer(shopId, platformCustomerId, orderId);
  }

  /** No platform to ask: every customer access token is refused (the log says why). */
  verifyCustomerToken(shopId: string): Promise<PlatformCustomerIdentity | null> {
    new Logger('EmbeddedCommercePlatform').warn(
      `A customer access token for shop ${shopId} was refused: the embedded commerce platform cannot verify ` +
        'platform tokens; set COMMERCE_PLATFORM_URL (and COMMERCE_PLATFORM_CUSTOMER_API_URL) to use this grant',
    );
    return Promise.resolve(null);
  }

  async createDiscount(request: DiscountRequest): Promise<Discount> {
    const discounts = await this.readStore.collection<DiscountDoc>(DISCOUNTS);
    const existing = await discounts.get(request.rewardId);
    if (existing) {
      // The same reward minted again is a retry of a redemption that failed after minting: the code works again.
      if (existing.status === 'disabled') await discounts.put({ ...existing, status: 'active' });
      return { code: existing.code, discountId: existing.id, priceRuleId: null };
    }
    const code = codeFor(request.rewardId, request.codePrefix || undefined);
    const taken = await discounts.findOne({ shopId: request.shopId, code });
    if (taken && taken.id !== request.rewardId)
      throw new Error(`Discount code ${code} is already taken in shop ${request.shopId}`);
    await discounts.put({
      id: request.rewardId,
      shopId: request.shopId,
      code,
      rewardType: request.rewardType,
      rewardValue: request.rewardValue,
      orderReqAmount: request.orderReqAmount,
      platformCustomerId: request.platformCustomerId,
      combinedWith: request.combinedWith,
      entitledVariantIds: request.entitledVariantIds,
      entitledProductIds: request.entitledProductIds ?? [],
      entitledCollectionIds: request.entitledCollectionIds ?? [],
      expiresAt: request.expiresAt,
      status: 'active',
      createdAt: new Date().toISOString(),
    });
    return { code, discountId: request.rewardId, priceRuleId: null };
  }

  async disableDiscount(shopId: string, code: string): Promise<void> {
    const discounts = await this.readStore.collection<DiscountDoc>(DISCOUNTS);
    const doc = await discounts.findOne({ shopId, code });
    if (doc) await discounts.put({ ...doc, status: 'disabled' });
  }

  async issueStoreCredit(request: StoreCreditRequest): Promise<StoreCredit> {
    const credits = await this.readStore.collection<StoreCreditDoc>(STORE_CREDITS);
    const existing = await credits.get(request.rewardId);
    if (existing) return { reference: existing.reference };
    const reference = codeFor(request.rewardId, 'CREDIT');
    await credits.put({
      id: request.rewardId,
      shopId: request.shopId,
      reference,
      platformCustomerId: request.platformCustomerId,
      amount: request.amount,
      currency: request.currency,
      status: 'issued',
      createdAt: new Date().toISOString(),
    });
    return { reference };
  }

  async reverseStoreCredit(shopId: string, reference: string): Promise<void> {
    const credits = await this.readStore.collection<StoreCreditDoc>(STORE_CREDITS);
    const doc = await credits.findOne({ shopId, reference });
    if (doc) await credits.put({ ...doc, status: 'reversed', reversedAt: new Date().toISOString() });
  }

  async setShopMetafield(shopId: string, metafield: ShopMetafield): Promise<void> {
    const metafields = await this.readStore.collection<MetafieldDoc>(METAFIELDS);
    await metafields.put({
      id: `${shopId}:${metafield.namespace}.${metafield.key}`,
      shopId,
      ...metafield,
      updatedAt: new Date().toISOString(),
    });
  }

  async listShopMetafields(shopId: string, namespace: string): Promise<string[]> {
    const metafields = await this.readStore.collection<MetafieldDoc>(METAFIELDS);
    return (await metafields.find({ shopId, namespace })).map((m) => m.key);
  }

  async deleteShopMetafield(shopId: string, namespace: string, key: string): Promise<void> {
    await (await this.readStore.collection<MetafieldDoc>(METAFIELDS)).delete(`${shopId}:${namespace}.${key}`);
  }
}
