import { birthday, placeOrder, referral, signUp } from './earning';
import { EarningKind, EarningKindName, KindDescriptor, PerKind, SpendingKind, SpendingKindName, Trigger } from './kind';
import { SOCIAL_KINDS } from './social';
import { ENGAGEMENT_KINDS } from './engagement';
import { MILESTONE_KINDS } from './milestone';
import { SPENDING_KINDS } from './spending';
import { Redemption, REDEMPTION } from './redemption';

/**
 * The program kinds: one descriptor per name of the closed union `KindName` (the compiler refuses a
 * name without one, or a descriptor of the wrong family). The lists of names are derived from it.
 */
export const PROGRAM_KINDS: PerKind = {
  sign_up: signUp,
  place_order: placeOrder,
  birthday,
  ...SOCIAL_KINDS,
  ...ENGAGEMENT_KINDS,
  ...MILESTONE_KINDS,
  referral,
  ...SPENDING_KINDS,
};

/**
 * Kinds the catalogue already has titles for (`program.title.*`) and the engagement wave will add
 * (each then becomes a descriptor of the table): until then no program can be of one of them.
 */
export const PLANNED_KINDS = ['interact_website', 'custom_program'] as const;

const ALL = Object.values(PROGRAM_KINDS) as KindDescriptor[];
const isEarning = (k: KindDescriptor): k is EarningKind => k.family === 'earning';
const isSpending = (k: KindDescriptor): k is SpendingKind => k.family === 'spending';

export const EARNING_EVENTS: readonly EarningKindName[] = ALL.filter(isEarning).map((k) => k.name);
export const SPENDING_EVENTS: readonly SpendingKindName[] = ALL.filter(isSpending).map((k) => k.name);
/** The 13 social event keys (spec 4.2): the earning kinds with a network. */
export const SOCIAL_EVENTS: readonly EarningKindName[] = ALL.filter(isEarning)
  .filter((k) => k.network !== null)
  .map((k) => k.name);

/** Descriptors by name: asked once or more for every event a customer's history folds. */
const BY_NAME: ReadonlyMap<string, KindDescriptor> = new Map(Object.entries(PROGRAM_KINDS));

/** The descriptor of a kind name (undefined: no such kind). */
export function kindOf(name: string): KindDescriptor | undefined {
  return BY_NAME.get(name);
}

/** The earning descriptor of a name (undefined: not an earning kind). */
export function earningKind(name: string): EarningKind | undefined {
  const kind = kindOf(name);
  return kind && isEarning(kind) ? kind : undefined;
}

/** The spending descriptor of a name (undefined: not a spending kind). */
export function spendingKind(name: string): SpendingKind | undefined {
  const kind = kindOf(name);
  return kind && isSpending(kind) ? kind : undefined;
}

/** A kind whose storefront claim is a submission the merchant may moderate (forms, surveys). */
export const isSubmissionKind = (name: string): boolean => earningKind(name)?.submission !== undefined;

/** A kind that reads the program's `form` settings (forms and surveys). */
export const isFormKind = (name: string): boolean => earningKind(name)?.submission?.form === true;

/** The daily check-in kind (streak_interact_website). */
export const isStreakKind = (name: string): boolean => earningKind(name)?.dailyStreak === true;

/** A milestone kind (milestone, milestone_inactivity, milestone_mixed): a ladder of steps. */
export const isMilestoneKind = (name: string): boolean => earningKind(name)?.milestone !== undefined;

/** A milestone kind whose steps the storefront shows and a customer climbs (not the welcome-back ladder). */
export const ladderShowsSteps = (name: string): boolean => earningKind(name)?.milestone?.stepsShown === true;

/** A map review: sent once, and again only after the merchant rejected the last one. */
export const isMapReviewKind = (name: string): boolean => earningKind(name)?.submission?.review === 'map';

/** A product review (its program's `review` settings; counted by review milestones). */
export const isProductReviewKind = (name: string): boolean => earningKind(name)?.submission?.review === 'product';

/** The kind a linked social account pays (follow_photo). */
export const paysAccountLink = (name: string): boolean => earningKind(name)?.accountLink === true;

/** The referral kind (its program's `referral` settings; paid by a referred friend's first qualifying order). */
export const isReferralKind = (name: string): boolean => earningKind(name)?.referral === true;
/** A social kind (one of SOCIAL_EVENTS). */
export const isSocialKind = (name: string): boolean => (earningKind(name)?.network ?? null) !== null;

/** An earning kind paid by `trigger` (enrolment, an order, the birthday run, a storefront action). */
export const isPaidBy = (name: string, trigger: Trigger): boolean => earningKind(name)?.trigger === trigger;

/**
 * Kinds a program pays a customer for once (sign-up; birthday once a year; a social event once,
 * unless the program sets a limit): eligibility shows whether the customer has earned them. Orders
 * repeat. The one definition of "pays once" (spec 4.3 single-event programs).
 */
export function isSingleEvent(name: string): boolean {
  const kind = earningKind(name);
  return kind !== undefined && kind.pays !== 'repeatable';
}

/** An environmental-impact reward (its program's `impact` settings; redeemed as a provider contribution). */
export const isImpactKind = (name: string): boolean => spendingKind(name)?.impact === true;

/** The redemption arithmetic of a spending kind (the family's for a name the table does not know). */
export const redemptionOf = (name: string): Redemption => spendingKind(name)?.redemption ?? REDEMPTION;
