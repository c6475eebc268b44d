/** Which other discounts a minted coupon may be combined with at checkout. */
export interface CombinedWith {
  orderDiscounts: boolean;
  productDiscounts: boolean;
  shippingDiscounts: boolean;
}
