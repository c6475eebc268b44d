import type { TierRewardInput } from '../tier-reward.schema';
import { TierReward } from './tier-reward';

/** Events of a shop's tier ladder (stream `tiers-<shopId>`). Stored type names never change. */
export const TierEventType = {
  Defined: 'tier.defined.v1',
  Updated: 'tier.updated.v1',
  Removed: 'tier.removed.v1',
} as const;

/** Merchant-configurable tier fields (spec 2.9 Tier). */
export interface TierSettings {
  name: string;
  targetPoint: number;
  icon: string | null;
  iconCustom: string | null;
  isExclusiveTier: boolean;
  textColor: string;
  boxBgColor: string;
  boxTextColor: string;
  progressBarColor: string;
  bgCardColor: string;
  iconColor: string;
  bgType: string;
  bgImage: string | null;
  cardOpacity: number;
  imageBlock: string | null;
  placedOrderReward: boolean;
  rateMoney: number | null;
  earnPoint: number | null;
  hideDefaultTier: boolean;
  inactive: boolean;
  /**
   * What entering the tier pays (spec shape, ids and timestamps set by the ladder). Events recorded
   * before that shape hold what the merchant sent: read them with `storedTierRewards`.
   */
  tierRewards: TierReward[];
}

/** Tier settings as a merchant writes them: rewards parsed by their schema (`parseTierRewards`), related by the ladder. */
export type TierSettingsInput = Partial<Omit<TierSettings, 'tierRewards'>> & { tierRewards?: TierRewardInput[] };

export interface TierDefined {
  type: typeof TierEventType.Defined;
  eventId: string;
  occurredAt: string;
  shopId: string;
  tierId: string;
  isSystemTier: boolean;
  systemType: string | null;
  settings: TierSettings;
}

export interface TierUpdated {
  type: typeof TierEventType.Updated;
  eventId: string;
  occurredAt: string;
  shopId: string;
  tierId: string;
  changes: Partial<TierSettings>;
  previousName: string;
  previousTargetPoint: number;
}

export interface TierRemoved {
  type: typeof TierEventType.Removed;
  eventId: string;
  occurredAt: string;
  shopId: string;
  tierId: string;
  name: string;
}

export type TierEvent = TierDefined | TierUpdated | TierRemoved;

export function tierStreamId(shopId: string): string {
  return `tiers-${shopId}`;
}

export const DEFAULT_TIER_SETTINGS: Omit<TierSettings, 'name' | 'targetPoint'> = {
  icon: null,
  iconCustom: null,
  isExclusiveTier: false,
  textColor: '#1F2937',
  boxBgColor: '#F3F4F6',
  boxTextColor: '#111827',
  progressBarColor: '#6366F1',
  bgCardColor: '#FFFFFF',
  iconColor: '#6366F1',
  bgType: 'color',
  bgImage: null,
  cardOpacity: 100,
  imageBlock: null,
  placedOrderReward: false,
  rateMoney: null,
  earnPoint: null,
  hideDefaultTier: false,
  inactive: false,
  tierRewards: [],
};
