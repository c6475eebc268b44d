import { TierDoc } from '../projections/tier-read-models';

/** Tier list item (spec 2.9 Tier). */
export function presentTierListItem(doc: TierDoc, members: number) {
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
    tierRewards: doc.tierRewards,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Tier detail: the list item plus presentation settings. */
export function presentTierDetail(doc: TierDoc, members: number) {
  return {
    ...presentTierListItem(doc, members),
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
  };
}
