import { TransactionDoc } from '../read-models/ledger-read-models';

/**
 * The v2 Transaction record (spec 2.9), fields in the spec's order, without internal bookkeeping;
 * `pendingTransactionId` (a release: the held row it pays) is this service's addition.
 */
export function presentTransaction(d: TransactionDoc) {
  return {
    id: d.id,
    shopId: d.shopId,
    customerId: d.customerId,
    platformCustomerId: d.platformCustomerId,
    email: d.email,
    content: d.content,
    type: d.type,
    source: d.source,
    event: d.event,
    oldPoint: d.oldPoint,
    newPoint: d.newPoint,
    earnPoint: d.earnPoint,
    spendPoint: d.spendPoint,
    programId: d.programId,
    programTitle: d.programTitle,
    priceRuleId: d.priceRuleId,
    discountId: d.discountId,
    couponCode: d.couponCode,
    orderId: d.orderId,
    orderName: d.orderName,
    orderNumber: d.orderNumber,
    orderCurrency: d.orderCurrency,
    earnBy: d.earnBy,
    rateMoney: d.rateMoney,
    referralCustomerEmail: d.referralCustomerEmail,
    referredCustomerEmail: d.referredCustomerEmail,
    milestoneOrder: d.milestoneOrder,
    isPendingPointPlaceOrder: d.isPendingPointPlaceOrder,
    refundPendingPoint: d.refundPendingPoint,
    pendingPointUntil: d.pendingPointUntil,
    pendingTransactionId: d.pendingTransactionId,
    adminNote: d.adminNote,
    userNote: d.userNote,
    reason: d.reason,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export type V2Transaction = ReturnType<typeof presentTransaction>;
