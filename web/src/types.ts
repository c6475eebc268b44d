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
  birthday: { rewardOptions: Array<{ id: string; label: string }>; rewardSelection: string } | null;
  form: { requireImage: boolean } | null;
  review: { redirectUrl: string | null } | null;
  googleReview: { urlLocation: string; status: string | null; statusText: string | null } | null;
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
/** Kinds claimed with a submission (an answer, a photo) through `POST /customer/earn`. */
export const SUBMISSION_KINDS = new Set(['submit_form', 'fill_survey', 'submit_receipt', 'write_review']);

export interface ReferralLink {
  code: string;
  link: string;
}

export interface ReferralFriend {
  id: string;
  friend: string;
  state: 'invited' | 'joined' | 'qualified' | 'rewarded' | 'refused';
  pointsEarned: number;
}

export interface LadderStep {
  claimKey: string;
  label: string;
  state: 'locked' | 'current' | 'claimable' | 'achieved' | 'passed_unclaimed';
  note: string | null;
  maxRewardSelect: number;
  progress?: { percent: number; completedText: string; remainingText: string | null };
  rewards: Array<{ index: number; text: string; needsVariantChoice: boolean; giftProducts: GiftProduct[] }>;
}

export interface Ladder {
  programId: string;
  title: string;
  subheading: string;
  supported: boolean;
  steps: LadderStep[];
}

export const MILESTONE_KINDS = new Set(['milestone', 'milestone_mixed', 'milestone_inactivity']);
export const REFERRAL_KIND = 'referral';
