import { TransactionDoc } from '../../ledger/read-models/ledger-read-models';
import { earningKind } from '../../programs/kinds/kinds';
import { LocalizedText } from '../../translations/queries/shop-text';
import { assertNever } from '../../shared/domain/decider';

/** Rows that no program kind paid: a tier's entry bonus (tiers.decisions), points taken back by a cancellation. */
const TIER_REWARD_ROW = 'tier_reward';
const REVOKED_BY: ReadonlyMap<string, string> = new Map([['order_cancelled', 'activity.order_cancelled']]);

/** The sentence of one history row (catalogue `activity.*`, by the row's kind), in the shopper's language. */
export function activitySentence(row: TransactionDoc, text: LocalizedText, programTitle: string | null): string {
  const delta = row.newPoint - row.oldPoint;
  const points = Math.abs(delta);
  const orderName = row.orderName ?? (row.orderId ? `#${row.orderId}` : '');
  const reward = programTitle ?? row.couponCode ?? '';
  switch (row.kind) {
    case 'pending_point':
      return row.refundPendingPoint
        ? text.t('activity.pending_cancelled', { points: row.pendingCancelledPoint, orderName })
        : text.t('activity.place_order_pending', {
            points: row.earnPoint,
            orderName,
            date: new Date(row.pendingPointUntil!),
          });
    case 'earn_point': {
      if (row.pendingTransactionId) return text.t('activity.pending_released', { points, orderName });
      const kind = earningKind(row.event);
      if (kind) {
        const friend = row.referredFriendLabel ?? undefined;
        const sentence = kind.activity({ points, orderName, program: programTitle ?? '', friend });
        return text.t(sentence.key, sentence.values);
      }
      const tier = row.event === TIER_REWARD_ROW ? /^Entered (.+)$/.exec(row.reason ?? '')?.[1] : undefined;
      if (tier) return text.t('activity.tier_reward', { points, tierName: tier });
      return text.t('activity.adjust_add', { points });
    }
    case 'redeem_point':
      return row.couponCode
        ? text.t('activity.redeem', { points, reward })
        : text.t('activity.adjust_remove', { points });
    case 'adjust_point':
      return text.t(delta >= 0 ? 'activity.adjust_add' : 'activity.adjust_remove', { points });
    case 'reset_point':
      return text.t('activity.reset', { points: row.newPoint });
    case 'revoke_point':
      // A referral reward taken back: the friend's order is not the customer's own.
      if (row.referredFriendLabel) return text.t('activity.adjust_remove', { points });
      return text.t(REVOKED_BY.get(row.event) ?? 'activity.order_refunded', {
        points,
        orderName,
      });
    case 'refund_point':
      return text.t('activity.coupon_refunded', { points, reward });
    case 'expire_point':
      return text.t('activity.expired', { points });
    default:
      return assertNever(row.kind);
  }
}

/**
 * Spec 2.5 Activity: one row of the customer's own points history. `type` is the row's kind (what
 * happened: `adjust_point`, `revoke_point`, `pending_point`...); `rawType` the direction, like the
 * v2 Transaction `type`. A held row's `points` is 0: the balance did not move.
 */
export function presentActivity(row: TransactionDoc, text: LocalizedText, programTitle: string | null) {
  const points = row.newPoint - row.oldPoint;
  return {
    id: row.id,
    type: row.kind,
    title: activitySentence(row, text, programTitle),
    points,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    couponCode: row.couponCode,
    orderId: row.orderId,
    rawType: row.type,
    oldPoint: row.oldPoint,
    newPoint: row.newPoint,
    source: row.source,
    event: row.event,
    typeCustom: '',
    // Strings, as 2.5 types them: '' on rows no program paid or sold.
    programId: row.programId ?? '',
    programTitle: programTitle ?? row.programTitle ?? '',
    // 2.5: the program's snapshot when a program paid or sold the row; absent otherwise.
    ...(row.programId ? { program: { id: row.programId, title: programTitle ?? row.programTitle } } : {}),
    redeemPoint: row.spendPoint,
    ...discountObjects(row),
    customerId: row.customerId,
    email: row.email,
    shopId: row.shopId,
    platformCustomerId: row.platformCustomerId,
  };
}

/**
 * 2.5: objects on the redeem rows that minted a platform discount, the discount and its price rule by
 * id; absent on other rows. A platform without separate price rules (the embedded one: a code is its
 * own rule) names the discount as its price rule, so a client finds both whenever one is there.
 */
function discountObjects(row: TransactionDoc): { discountId?: { id: string }; priceRuleId?: { id: string } } {
  if (!row.discountId) return {};
  return { discountId: { id: row.discountId }, priceRuleId: { id: row.priceRuleId ?? row.discountId } };
}

export type HeadlessActivity = ReturnType<typeof presentActivity>;
