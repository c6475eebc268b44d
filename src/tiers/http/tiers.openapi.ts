import {
  arrayOf,
  bool,
  dateTime,
  extend,
  int,
  mapOf,
  nullable,
  num,
  object,
  oneOf,
  record,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the v2 tiers endpoints, as the tier presenter writes them. */

const TIER_REWARD_FIELDS = object({
  id: str,
  status: bool,
  title: str,
  redeemType: oneOf('fixed'),
  minSpendPoint: int,
  maxSpendPoint: int,
  spendPoint: int,
  appliedTo: oneOf('all'),
  orderReq: oneOf('none', 'min_amount'),
  orderReqAmount: str,
  expiredAfter: nullable(int),
  expiredTime: nullable(str),
  type: str,
  codeName: nullable(str),
  earnAmount: num,
  event: oneOf('bonus_point', 'amount_discount', 'percentage_discount', 'free_shipping', 'custom'),
  bonusPoints: int,
  priority: int,
  showLoyaltyPage: bool,
  translateTitle: mapOf(str),
  expired: bool,
  createdAt: dateTime,
  updatedAt: dateTime,
});

export const TIER_REWARD = record('V2TierReward', TIER_REWARD_FIELDS);

/** A tier reward read as a Program (tier benefits): its fields, the Program fields it has no use for, its tier. */
export const TIER_BENEFIT = record(
  'V2TierBenefitReward',
  extend(
    TIER_REWARD_FIELDS,
    object({
      description: str,
      isDraft: bool,
      giftStatus: nullable(str),
      startDate: nullable(str),
      endDate: nullable(str),
      tierId: str,
      tierName: str,
    }),
  ),
);

const TIER_LIST_FIELDS = object(
  {
    id: str,
    name: str,
    icon: nullable(str),
    targetPoint: int,
    members: int,
    isSystemTier: bool,
    isExclusiveTier: bool,
    systemType: { type: 'string', description: 'System tiers only, e.g. bronze' },
    textColor: str,
    boxBgColor: str,
    tierRewards: arrayOf(TIER_REWARD.ref),
    createdAt: dateTime,
    updatedAt: dateTime,
  },
  ['systemType'],
);

export const TIER_LIST_ITEM = record('V2TierListItem', TIER_LIST_FIELDS);

export const TIER_DETAIL = record(
  'V2Tier',
  extend(
    TIER_LIST_FIELDS,
    object({
      iconCustom: nullable(str),
      targetPointUpdate: nullable(str),
      placedOrderReward: bool,
      rateMoney: nullable(num),
      earnPoint: nullable(num),
      hideDefaultTier: bool,
      bgType: str,
      bgImage: nullable(str),
      progressBarColor: str,
      boxTextColor: str,
      bgCardColor: str,
      cardOpacity: num,
      iconColor: str,
      shopId: str,
      imageBlock: nullable(str),
      inactive: bool,
      prevNames: arrayOf(str),
    }),
  ),
);
