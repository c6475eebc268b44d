import type { RewardType } from './spending-rule';
import type { Redemption } from './redemption';
import type { EarnBy } from './earning-rule';
import type { EarningRule } from './earning-rule.schema';

/**
 * What a program kind is, in one place (issue 26): the descriptor every presenter, decision and
 * projection asks instead of comparing `program.event` with a name. One descriptor per kind, in the
 * table of `kinds.ts`, keyed by the closed union of kind names (a new name must have a descriptor).
 */

/** The earning kinds: what a customer does to earn points. */
export type EarningKindName =
  | 'sign_up'
  | 'place_order'
  | 'birthday'
  | 'follow_photo'
  | 'like_feed'
  | 'follow_video'
  | 'share_feed'
  | 'subscribe_stream'
  | 'follow_micro'
  | 'follow_board'
  | 'share_micro'
  | 'join_game'
  | 'join_broadcast'
  | 'join_msg'
  | 'join_chat'
  | 'join_forum'
  | 'submit_form'
  | 'fill_survey'
  | 'streak_interact_website'
  | 'submit_receipt'
  | 'write_review'
  | 'maps_review'
  | 'milestone'
  | 'milestone_inactivity'
  | 'milestone_mixed'
  | 'referral';

/** The spending kinds: what a customer buys with points. */
export type SpendingKindName =
  'amount_discount' | 'percentage_discount' | 'free_shipping' | 'free_gift' | 'store_credit' | 'environmental_impact';

export type KindName = EarningKindName | SpendingKindName;

/**
 * How often a program of the kind pays one customer: `once` (sign-up; a social event, unless the
 * program sets a limit), `per-year` (birthday), `repeatable` (every order; every redemption).
 * Eligibility's "earned" exists only for kinds that do not repeat (spec 4.3 single-event programs).
 */
export type Payout = 'once' | 'per-year' | 'repeatable';

/**
 * What pays an earning program: enrolment, an order, the yearly birthday run, a storefront action,
 * the claim of a milestone step, or a referred friend's first qualifying order (`referral`, decided
 * by `src/ledger/referrals/`).
 */
export type Trigger = 'enrolment' | 'order' | 'birthday' | 'storefront' | 'milestone' | 'referral';

/** The settings an action URL is made of. */
export interface LinkSettings {
  urlLocation?: string | null;
  urlAccount?: string | null;
}

/** The history sentence of an earning row (catalogue `activity.*`), given what the row knows. */
export interface ActivityFacts {
  points: number;
  orderName: string;
  program: string;
  /** A referral reward: the friend, as the referrer may see them (a masked email). */
  friend?: string;
}

export interface EarningKind<K extends EarningKindName = EarningKindName> {
  family: 'earning';
  name: K;
  trigger: Trigger;
  pays: Payout;
  /** The default title's catalogue key. */
  titleKey: `program.title.${K}`;
  /** The sentence of an earning row of this kind: its catalogue key and values. */
  activity: (facts: ActivityFacts) => { key: `activity.${string}`; values: Record<string, unknown> };
  /** Where the storefront's button goes (http(s)), or null. */
  actionUrl: (settings: LinkSettings, shopUrl: string) => string | null;
  /** Settings schema: the defaults a new program of the kind starts from (earning by price or flat). */
  defaults: { earnBy: EarnBy; rateMoney: number | null };
  /** A social network's neutral name (`photo`, `feed`...), for social kinds; else null. */
  network: string | null;
  /** Settings schema: the kind reads `lineJoinType` (a chat join by login or by link). */
  chatJoin: boolean;
  /** The storefront asks the customer's birthday for it. */
  birthdayPicker: boolean;
  /**
   * A storefront submission the merchant may moderate (`POST /customer/earn`): `form` says the kind
   * reads the program's `form` settings; `terms` how a submission pays. Absent: not a submission.
   */
  submission?: SubmissionKind;
  /** A daily check-in (`POST /customer/earn` once a day): reads the program's `streakMilestones`. */
  dailyStreak?: true;
  /**
   * A ladder of milestone steps (`typeMilestone`, `milestones`): the `typeMilestone` values it takes,
   * and whether its steps are shown and climbed (a welcome-back ladder is shown as unsupported).
   */
  milestone?: { types: readonly string[]; stepsShown: boolean };
  /** Paid when the customer links the network's account on the storefront (`POST /customer/social/photo/link`). */
  accountLink?: true;
  /** A referral program: reads the program's `referral` settings; its link carries the customer's code. */
  referral?: true;
}

export interface SpendingKind<K extends SpendingKindName = SpendingKindName> {
  family: 'spending';
  name: K;
  pays: 'repeatable';
  titleKey: `program.title.${K}`;
  /** The reward type a program of the kind sells unless it says otherwise. */
  rewardType: RewardType;
  /** A free gift's products are its gifts: the spec's `specificProducts` names the gifts. */
  productsAreGifts: boolean;
  /** The redemption arithmetic: points, value, cheapest, gift variants, scope, expiry. */
  redemption: Redemption;
  /**
   * An environmental-impact reward: reads the program's `impact` settings (provider, unit, quantity);
   * a redemption is a contribution sent to the impact provider, not a coupon minted on the platform.
   */
  impact?: true;
}

/** How a kind's submission pays, from its program's settings and whether images came with it. */
export interface SubmissionTerms {
  /** Paid at once (`earned`), else pending until the merchant decides. */
  autoApprove: boolean;
  /** Paid on submission either way (an instant reward, a review's photo bonus). */
  instantPoints: number;
  requireImage: boolean;
  /** A new submission only once the last one was rejected (a map review). */
  onlyAfterRejection: boolean;
}

export interface SubmissionKind {
  form: boolean;
  /**
   * A review: `product` reads the program's `review` settings (redirect, header image, photo bonus)
   * and counts toward review milestones; `map` is shown with the storefront's map-review block.
   */
  review?: 'product' | 'map';
  terms: (settings: EarningRule, withImages: boolean) => SubmissionTerms;
}

export type KindDescriptor = EarningKind | SpendingKind;

/** The table's type: one descriptor per kind name, of its family (checked by the compiler). */
export type PerKind = { [K in EarningKindName]: EarningKind<K> } & { [K in SpendingKindName]: SpendingKind<K> };
