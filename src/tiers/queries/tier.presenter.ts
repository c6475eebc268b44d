import { TierDoc } from '../projections/tier-read-models';
import { TierReward } from '../domain/tier-reward';

/** A tier reward (spec 2.9 Tier): exactly the spec's fields, whatever else a stored record holds. */
export function presentTierReward(r: TierReward): TierReward {
  return tierRewardWith(r, {});
}

/**
 * A tier reward's spec fields, then `more` (never one of them): listed, with `more` spread last, as
 * on V8 a spread followed by new keys builds a hidden class per object.
 */
export function tierRewardWith<More extends object>(r: TierReward, more: More) {
  return {
    id: r.id,
    status: r.status,
    title: r.title,
    redeemType: r.redeemType,
    minSpendPoint: r.minSpendPoint,
    maxSpendPoint: r.maxSpendPoint,
    spendPoint: r.spendPoint,
    appliedTo: r.appliedTo,
    orderReq: r.orderReq,
    orderReqAmount: r.orderReqAmount,
    expiredAfter: r.expiredAfter,
    expiredTime: r.expiredTime,
    type: r.type,
    codeName: r.codeName,
    earnAmount: r.earnAmount,
    event: r.event,
    bonusPoints: r.bonusPoints,
    priority: r.priority,
    showLoyaltyPage: r.showLoyaltyPage,
    translateTitle: r.translateTitle,
    expired: r.expired,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    ...more,
  };
}

/** Tier list item (spec 2.9 Tier). */
export function presentTierListItem(doc: TierDoc, members: number) {
  return tierRecord(doc, members, {});
}

/** Tier detail: the list item plus presentation settings. */
export function presentTierDetail(doc: TierDoc, members: number) {
  return tierRecord(doc, members, {
    iconCustom: doc.iconCustom,
    targetPointUpdate: doc.targetPointUpdate,
    placedOrderReward: doc.placedOrderReward,
    rateMoney: doc.rateMoney,
    earnPoint: doc.earnPoint,
    hideDefaultTier: doc.hideDefaultTier,
    bgType: doc.bgType,
    bgImage: doc.bgImage,
    progressBarColor: doc.progressBarColor,
    boxTextColor: doc.boxTextColor,
    bgCardColor: doc.bgCardColor,
    cardOpacity: doc.cardOpacity,
    iconColor: doc.iconColor,
    shopId: doc.shopId,
    imageBlock: doc.imageBlock,
    inactive: doc.inactive,
    prevNames: doc.prevNames,
  });
}

/**
 * The list item's fields (`systemType` on system tiers only), then `more` (never one of them), spread
 * last as in tierRewardWith.
 */
function tierRecord<More extends object>(doc: TierDoc, members: number, more: More) {
  return {
    id: doc.id,
    name: doc.name,
    icon: doc.icon,
    targetPoint: doc.targetPoint,
    members,
    isSystemTier: doc.isSystemTier,
    isExclusiveTier: doc.isExclusiveTier,
    ...(doc.systemType ? { systemType: doc.systemType } : {}),
    textColor: doc.textColor,
    boxBgColor: doc.boxBgColor,
    tierRewards: doc.tierRewards.map(presentTierReward),
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    ...more,
  };
}
