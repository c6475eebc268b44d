/** The headless API's records the widget reads (the fields it uses). */
export interface Customer {
  points: number;
  tier: { id: string; name: string } | null;
  tierProgress: { nextTierName: string; pointsToNext: number; percentage: number } | null;
}

export interface Program {
  id: string;
  key: string;
  title: string;
  points: number;
  actionUrl: string | null;
  isEarned: boolean;
  streak: { currentDay: number; totalDays: number; canClaimToday: boolean; message: string | null } | null;
}

export interface GiftProduct {
  id: string;
  title: string;
  variants: Array<{ id: string; title: string }>;
}

export interface Reward {
  programId: string;
  title: string;
  pointsCost: number;
  redeemType: string;
  rewardValue: number;
  minPoints: number | null;
  maxPoints: number | null;
  hasLimitCartValue: boolean;
  limitCartValue: number | null;
  affordable: boolean;
  giftProducts: GiftProduct[] | null;
}

export interface Coupon {
  id: string;
  couponCode: string;
  title: string;
  statusText: string;
  expiryText: string;
}

export interface Activity {
  id: string;
  title: string;
  points: number;
  createdAt: string;
}

export interface Redemption {
  couponCode: string;
  newPoint: number;
}

/** The social kinds a shopper claims with one tap (the others are claimed by what they describe). */
export const SOCIAL_KINDS = new Set([
  'follow_photo',
  'like_feed',
  'follow_video',
  'share_feed',
  'subscribe_stream',
  'follow_micro',
  'follow_board',
  'share_micro',
  'join_game',
  'join_broadcast',
  'join_msg',
  'join_chat',
  'join_forum',
]);
export const STREAK_KIND = 'streak_interact_website';
