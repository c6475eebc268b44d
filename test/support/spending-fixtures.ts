/** A product offered as a free gift (a spending program's `giftProducts`), each variant as [id, title]. */
export function giftProduct(id: string, title: string, image: string, ...variants: Array<[string, string]>) {
  return {
    id,
    title,
    image,
    variants: variants.map(([variantId, variantTitle]) => ({ id: variantId, title: variantTitle })),
  };
}

/** A mug in red (variant 11) and blue (variant 12), without an image. */
export const MUG = giftProduct('1', 'Mug', '', ['11', 'Red'], ['12', 'Blue']);

/**
 * A fixed $5 off for 500 points in the spec's names (2.9): valid 30 days, on orders of $50 or more,
 * twice per customer and 100 times in all. (In today's names: pointsCost 500, rewardValue 5,
 * expiresInDays 30, orderReqAmount 50, limitRedeem 2, totalLimitationRedeem 100.)
 */
export const SPEC_NAMED_FIVE_OFF = {
  spendPoint: 500,
  earnAmount: 5,
  redeemType: 'fixed',
  expiredTime: 30,
  orderReq: 'min_amount',
  orderReqAmount: '50.00',
  limitRedeem: 'redeemWithLimit',
  limitRedeemPerCustomer: 2,
  totalLimitationRedeem: 100,
};
