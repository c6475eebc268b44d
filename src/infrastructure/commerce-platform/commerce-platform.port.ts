import type { CombinedWith } from '../../shared/domain/discount-combination';
import { CustomerOrder } from './platform-orders';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/**
 * The commerce platform port: where rewards bought with points become real on the shop — discount
 * codes, or store credit. Adapters: embedded (kept in this service's store: the default and tests) and
 * HTTP (the platform's admin API, COMMERCE_PLATFORM_URL).
 */
export const COMMERCE_PLATFORM = Symbol('COMMERCE_PLATFORM');

export type { CombinedWith };

export interface DiscountRequest {
  shopId: string;
  /** Idempotency: the same reward id always yields the same discount. */
  rewardId: string;
  rewardType: string;
  rewardValue: number | null;
  /** Minimum order subtotal ("50.00"), null: none. */
  orderReqAmount: string | null;
  expiresAt: string | null;
  title: string;
  /** The code works for this customer only. */
  platformCustomerId: PlatformCustomerId;
  combinedWith: CombinedWith;
  /** free_product: the variants the code makes free. */
  entitledVariantIds: string[];
  /** The code's prefix (a tier reward's codeName); default `LOY`. */
  codePrefix?: string | null;
  /** The code applies only to these products (spending appliedTo sf_product); absent or empty: not limited by product. */
  entitledProductIds?: string[];
  /** The code applies only to products of these collections (appliedTo sf_collection). */
  entitledCollectionIds?: string[];
}

export interface Discount {
  code: string;
  discountId: string | null;
  priceRuleId: string | null;
}

export interface StoreCreditRequest {
  shopId: string;
  /** Idempotency: one credit per reward id. */
  rewardId: string;
  platformCustomerId: PlatformCustomerId;
  amount: number;
  currency: string;
}

export interface StoreCredit {
  /** The platform's reference of the credit transaction (shown as the reward's code). */
  reference: string;
}

/** A shop-level metafield holding JSON for the storefront (loyalty widget text, FAQs). */
export interface ShopMetafield {
  namespace: string;
  key: string;
  /** JSON text. */
  value: string;
}

/** Whose a customer account access token is, as the platform says. */
export interface PlatformCustomerIdentity {
  platformCustomerId: PlatformCustomerId;
  email: string | null;
}

export interface CommercePlatform {
  createDiscount(request: DiscountRequest): Promise<Discount>;
  /** Stops a code from working (refunded coupon, or a redemption that lost a race). */
  disableDiscount(shopId: string, code: string): Promise<void>;
  issueStoreCredit(request: StoreCreditRequest): Promise<StoreCredit>;
  /** Takes back a credit whose redemption failed after it was issued. */
  reverseStoreCredit(shopId: string, reference: string): Promise<void>;
  /** The collections each product belongs to (earning rules scoped to collections). */
  collectionsOf(shopId: string, productIds: string[]): Promise<Record<string, string[]>>;
  /** Creates or replaces a shop metafield (same namespace and key: same metafield); safe to repeat. */
  setShopMetafield(shopId: string, metafield: ShopMetafield): Promise<void>;
  /** The keys of the shop's metafields in a namespace. */
  listShopMetafields(shopId: string, namespace: string): Promise<string[]>;
  deleteShopMetafield(shopId: string, namespace: string, key: string): Promise<void>;

  /**
   * The customer a customer account access token belongs to (headless token exchange); null when the
   * platform does not accept the token. Unreachable: PLATFORM_UNAVAILABLE.
   */
  verifyCustomerToken(shopId: string, accessToken: string): Promise<PlatformCustomerIdentity | null>;
  /** The order webhook the service received (the embedded adapter keeps it for the order history). */
  recordOrder(shopId: string, platformCustomerId: PlatformCustomerId, payload: unknown): Promise<void>;
  /** Forgets what was recorded about the customer (erasure): the embedded adapter's order bodies. */
  forgetCustomer(shopId: string, platformCustomerId: PlatformCustomerId): Promise<void>;
  /**
   * A customer's orders, newest first (at most 50; `orderId`: that one only). HTTP adapter: live from the
   * platform; embedded: the orders its webhooks described. Unreachable: PLATFORM_UNAVAILABLE.
   */
  customerOrders(shopId: string, platformCustomerId: PlatformCustomerId, orderId?: string): Promise<CustomerOrder[]>;
  /** A page of the customer's store-credit account, newest first; cursors are opaque. */
  storeCreditTransactions(
    shopId: string,
    platformCustomerId: PlatformCustomerId,
    page: { limit: number; before?: string; after?: string },
  ): Promise<StoreCreditPage>;
}

/** One movement of a customer's store-credit account. */
export interface StoreCreditTransaction {
  id: string;
  /** `credit` (issued) or `debit` (taken back or spent). */
  type: 'credit' | 'debit';
  /** In the account's currency (signed: debits are negative). */
  amount: number;
  currencyCode: string;
  /** The platform's reference (a redemption's `CREDIT-…` code). */
  reference: string;
  createdAt: string;
}

export interface StoreCreditPage {
  items: StoreCreditTransaction[];
  hasNext: boolean;
  hasPre: boolean;
  startCursor: string | null;
  endCursor: string | null;
}
