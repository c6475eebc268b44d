/**
 * The commerce platform port: where coupons bought with points become real discount codes.
 * Adapters: embedded (codes kept in this service's store, for the embedded default and tests);
 * an admin-API adapter against the platform comes with the platform integration work.
 */
export const COMMERCE_PLATFORM = Symbol('COMMERCE_PLATFORM');

export interface DiscountRequest {
  shopId: string;
  /** Idempotency: the same reward id always yields the same discount. */
  rewardId: string;
  rewardType: string;
  rewardValue: number | null;
  orderReqAmount: string | null;
  expiresAt: string | null;
  title: string;
}

export interface Discount {
  code: string;
  discountId: string | null;
  priceRuleId: string | null;
}

export interface CommercePlatform {
  createDiscount(request: DiscountRequest): Promise<Discount>;
  /** Stops a code from working (refunded coupon, or a redemption that lost a race). */
  disableDiscount(shopId: string, code: string): Promise<void>;
}
