import { codeFor } from './discount-codes';
import { CollectionDefinition, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CombinedWith } from './commerce-platform.port';
import { ProductCollections } from './product-collections';
import { Logger } from '@nestjs/common';
import {
  CommercePlatform,
  Discount,
  DiscountRequest,
  ShopMetafield,
  PlatformCustomerIdentity,
  StoreCredit,
  StoreCreditRequest,
} from './commerce-platform.port';

interface DiscountDoc {
  id: string;
  shopId: string;
  code: string;
  rewardType: string;
  rewardValue: number | null;
  orderReqAmount?: string | null;
  platformCustomerId?: number;
  combinedWith?: CombinedWith;
  entitledVariantIds?: string[];
  expiresAt: string | null;
  status: 'active' | 'disabled';
  createdAt: string;
}

interface StoreCreditDoc {
  id: string;
  shopId: string;
  reference: string;
  platformCustomerId: number;
  amount: number;
  currency: string;
  status: 'issued' | 'reversed';
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

  constructor(private readonly readStore: ReadStore) {
    this.collections = new ProductCollections(readStore);
  }

  collectionsOf(shopId: string, productIds: string[]): Promise<Record<string, string[]>> {
    return this.collections.collectionsOf(shopId, productIds);
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
    const code = codeFor(request.rewardId);
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
    if (doc) await credits.put({ ...doc, status: 'reversed' });
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
