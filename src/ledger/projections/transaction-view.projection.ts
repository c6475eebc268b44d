import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import { CustomerEventType as T, POINTS_EVENT_TYPES, PointsEvent } from '../events/customer-events';
import {
  IDEMPOTENCY_KEYS,
  idempotencyKeyId,
  IdempotencyKeyDoc,
  TRANSACTIONS,
  TransactionDoc,
} from './ledger-read-models';

const ROW_TYPE: Record<PointsEvent['type'], string> = {
  [T.PointsAwarded]: 'earn_point',
  [T.PointsDeducted]: 'redeem_point',
  [T.PointsAdjusted]: 'adjust_point',
  [T.PointsReset]: 'reset_point',
  [T.PointsRevoked]: 'revoke_point',
  [T.PointsRedeemed]: 'redeem_point',
  [T.CouponRefunded]: 'refund_point',
  [T.PointsExpired]: 'expire_point',
};

/** The row's `content`: what happened, in words; every kind of balance change must say it (the compiler checks). */
function sentence(event: PointsEvent): string {
  switch (event.type) {
    case T.PointsAwarded:
      return `Earned ${event.points} points`;
    case T.PointsDeducted:
      return `Spent ${event.points} points`;
    case T.PointsAdjusted: {
      const delta = event.newPoint - event.oldPoint;
      return `Points adjusted by ${delta > 0 ? '+' : ''}${delta}`;
    }
    case T.PointsReset:
      return `Points reset to ${event.resetTo}`;
    case T.PointsRedeemed:
      return `Redeemed ${event.points} points for ${event.program?.programTitle ?? 'a reward'}`;
    case T.CouponRefunded:
      return `${event.points} points returned for coupon ${event.couponCode}`;
    case T.PointsExpired:
      return `${event.points} points expired`;
    case T.PointsRevoked:
      return `${event.points} points taken back: order ${event.order?.orderId} ${event.cause === 'order_cancelled' ? 'cancelled' : 'refunded'}`;
    default:
      return assertNever(event);
  }
}

function describe(event: PointsEvent): string {
  return event.userNote ? `${sentence(event)}: ${event.userNote}` : sentence(event);
}

/** Builds a transaction row from its event alone: everything it shows was recorded when it happened. */
export function transactionFromEvent(event: PointsEvent, revision: bigint): TransactionDoc {
  const delta = event.newPoint - event.oldPoint;
  return {
    id: event.transactionId,
    shopId: event.shopId,
    customerId: event.customerId,
    platformCustomerId: event.platformCustomerId,
    email: event.email,
    content: describe(event),
    type: ROW_TYPE[event.type],
    source: event.source,
    event: event.event,
    oldPoint: event.oldPoint,
    newPoint: event.newPoint,
    earnPoint: Math.max(0, delta),
    spendPoint: Math.max(0, -delta),
    programId: event.program?.programId ?? null,
    programTitle: event.program?.programTitle ?? null,
    priceRuleId: event.type === T.PointsRedeemed ? event.reward.priceRuleId : null,
    discountId: event.type === T.PointsRedeemed ? event.reward.discountId : null,
    couponCode:
      event.type === T.PointsRedeemed
        ? event.reward.couponCode
        : event.type === T.CouponRefunded
          ? event.couponCode
          : null,
    orderId: event.order?.orderId ?? null,
    orderName: event.order?.orderName ?? null,
    orderNumber: event.order?.orderName ? event.order.orderName.replace(/^#/, '') : null,
    orderCurrency: event.order?.currency ?? null,
    earnBy: event.program?.earnBy ?? null,
    rateMoney: event.program?.rateMoney ?? null,
    referralCustomerEmail: null,
    referredCustomerEmail: null,
    milestoneOrder: null,
    isPendingPointPlaceOrder: false,
    refundPendingPoint: false,
    pendingPointUntil: null,
    adminNote: event.adminNote,
    userNote: event.userNote,
    reason: event.reason,
    idempotencyKey: event.idempotencyKey,
    requestHash: event.requestHash,
    eventId: event.eventId,
    sortKey: `${event.occurredAt}|${revision.toString().padStart(12, '0')}`,
    createdAt: event.occurredAt,
    updatedAt: event.occurredAt,
  };
}

/**
 * Transactions read model: one row per balance change, keyed by transaction id (a redelivery
 * overwrites itself), and the shop's idempotency keys.
 */
@Injectable()
export class TransactionViewProjection implements Projection {
  readonly name = 'transactions_v1';
  readonly collections = [TRANSACTIONS, IDEMPOTENCY_KEYS];

  handles(eventType: string): boolean {
    return POINTS_EVENT_TYPES.has(eventType);
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const transactions = batch.collection<TransactionDoc>(TRANSACTIONS);
    const keys = batch.collection<IdempotencyKeyDoc>(IDEMPOTENCY_KEYS);
    for (const recorded of events) {
      const event = fromRecorded<PointsEvent>(recorded);
      transactions.put(transactionFromEvent(event, recorded.revision));
      if (event.idempotencyKey && event.requestHash) {
        keys.put({
          id: idempotencyKeyId(event.shopId, event.idempotencyKey),
          shopId: event.shopId,
          customerId: event.customerId,
          requestHash: event.requestHash,
          transactionId: event.transactionId,
        });
      }
    }
  }
}
