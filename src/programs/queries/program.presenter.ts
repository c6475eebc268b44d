import { earningKind, isFormKind, isImpactKind, isProductReviewKind, isReferralKind } from '../kinds/kinds';
import { referralRuleOf } from '../kinds/referral-rule';
import { formOf } from '../kinds/earning-rule.schema';
import { ProgramDoc } from '../projections/program-read-models';
import { rewardOf } from '../kinds/spending-rule';
import { presentSpending } from '../kinds/spending-wire';
import type { MilestoneStep } from '../kinds/milestone.schema';

/** An empty list of a field's item type (a field the service has nothing for). */
const noneOf = <T>(): T[] => [];

/** What a free gift can still give (spec 2.9 `giftStatus`); null on programs that give no gift. */
export type GiftStatus = 'available' | 'sold_out' | null;

/**
 * The v2 Program record (spec 2.9). `translateTitle` is the title in each of the shop's languages
 * (rendered by the translations capability), with the merchant's own entries as given. Earning
 * programs carry `typeMilestone` and `milestones` (null and [] on programs of other kinds);
 * spending programs the reward under the spec's names and today's (spending-wire).
 */
export function presentProgram(
  p: ProgramDoc,
  translateTitle: Record<string, string> = p.translateTitle,
  giftStatus: GiftStatus = null,
) {
  if (p.kind === 'spending') {
    const reward = presentSpending(rewardOf(p.spending));
    // An environmental-impact reward also names its provider, unit and units per redemption.
    const impact = isImpactKind(p.event) ? { impact: p.impact ?? null } : {};
    return programRecord(p, translateTitle, giftStatus, { ...reward, ...impact });
  }
  return programRecord(p, translateTitle, giftStatus, {
    earnBy: p.earnBy,
    rateMoney: p.rateMoney,
    earnPoint: p.earnPoint,
    autoRemovePoints: p.autoRemovePoints,
    appliedPlaceOrderTo: 'all',
    appliedSource: p.appliedSource,
    skipEarnPointGuest: p.skipEarnPointGuest,
    roundingMethod: p.roundingMethod,
    earnPointsTiers: p.earnPointsTiers,
    typeMilestone: p.typeMilestone ?? null,
    milestones: (p.milestones ?? []).map(presentStep),
    includeProducts: (p.includeProducts ?? []).map((id) => ({ id })),
    excludeProducts: (p.excludeProducts ?? []).map((id) => ({ id })),
    includeCollections: (p.includeCollections ?? []).map((id) => ({ id })),
    excludeCollections: (p.excludeCollections ?? []).map((id) => ({ id })),
    pendingDays: p.pendingDays ?? 0,
    hasLimit: p.hasLimit ?? false,
    limitUnit: p.limitUnit ?? 'lifetime',
    limitInterval: p.limitInterval ?? 1,
    form: isFormKind(p.event) ? formOf(p.form) : null,
    review: isProductReviewKind(p.event)
      ? {
          redirectUrl: p.review?.redirectUrl ?? null,
          headerImage: p.review?.headerImage ?? '',
          extraPoints: p.review?.extraPoints ?? 0,
        }
      : null,
    referral: isReferralKind(p.event) ? referralRuleOf(p.referral) : null,
  });
}

/** A milestone step as the program answers carry it: every setting settled. */
function presentStep(step: MilestoneStep) {
  return {
    value: step.value,
    stepType: step.stepType ?? null,
    label: step.label ?? null,
    translateLabel: step.translateLabel ?? {},
    rewardLogic: step.rewardLogic ?? 'grantAll',
    maxRewardSelect: step.maxRewardSelect ?? 1,
    rewards: step.rewards.map((r) => ({ ...r })),
  };
}

/**
 * The fields every v2 Program record has, then its kind's (never one of them). Listed first and the
 * kind's spread last: on V8 a spread followed by new keys builds a hidden class per object.
 */
function programRecord<Fields extends object>(
  p: ProgramDoc,
  translateTitle: Record<string, string>,
  giftStatus: GiftStatus,
  fields: Fields,
) {
  return {
    id: p.id,
    numericId: p.numericId ?? null,
    title: p.title,
    description: p.description,
    type: p.kind,
    event: p.event,
    status: p.status,
    priority: p.priority,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    expired: p.expired,
    isDraft: p.isDraft,
    translateTitle,
    giftStatus,
    startDate: p.startDate,
    endDate: p.endDate,
    ...fields,
  };
}

export type V2Program = ReturnType<typeof presentProgram>;

/**
 * A product of an earning program in the v1 shape (spec 2.8 `{image {src}, images[], options[],
 * handle, id integer, variants[], title}`). The service keeps a program's product ids only, so the
 * rest is empty; a platform product id is a number (a non-numeric id stays text).
 */
export function v1Product(id: string) {
  return {
    image: { src: '' },
    images: noneOf<string>(),
    options: noneOf<string>(),
    handle: '',
    id: /^\d{1,15}$/.test(id) ? Number(id) : id,
    variants: noneOf<unknown>(),
    title: '',
  };
}

/** A per-unit rate where v1 types it as an integer: the rate itself (a whole number unless set with cents in v2). */
const v1Rate = (p: ProgramDoc) => p.rateMoney ?? 0;

/** v1 program list item (spec 2.8). */
export function v1ListItem(p: ProgramDoc) {
  return v1Item(
    p,
    {
      earnPointsTiers: Object.fromEntries(
        p.earnPointsTiers.map((t) => [t.tierId, { earnPoint: t.earnPoint, limitUnit: 'unlimited' }]),
      ),
      // Spec 2.8 types the list item's rate as a string ('' for flat programs).
      rateMoney: p.rateMoney === null ? '' : String(p.rateMoney),
      translateTitle: p.translateTitle,
    },
    {},
  );
}

/**
 * The v1 list item's fields, with the three that a customer's item gives otherwise (`own`, in the
 * same places), then `more` (never one of them), spread last as in programRecord.
 */
function v1Item<
  Own extends { earnPointsTiers: unknown; rateMoney: unknown; translateTitle: unknown },
  More extends object,
>(p: ProgramDoc, own: Own, more: More) {
  return {
    showLoyaltyPage: true,
    social: earningKind(p.event)?.network ?? '',
    urlLocation: p.urlLocation ?? '',
    limitUnit: p.hasLimit ? p.limitUnit : 'unlimited',
    urlAccount: p.urlAccount ?? '',
    title: p.title,
    type: p.kind,
    priority: p.priority,
    earnPoint: p.earnPoint,
    signUpGuide: '',
    enabledAntiCheat: false,
    hasLimit: p.hasLimit ?? false,
    action: p.event,
    earnPointsTiers: own.earnPointsTiers,
    shopId: p.shopId,
    event: p.event,
    startDate: p.startDate,
    expired: p.expired,
    id: p.id,
    numericId: p.numericId ?? null,
    changeProgramTitle: false,
    isDraft: p.isDraft,
    rateMoney: own.rateMoney,
    translateTitle: own.translateTitle,
    createdAt: p.createdAt,
    giftStatus: '',
    status: p.status,
    updatedAt: p.updatedAt,
    ...more,
  };
}

/** v1 program detail (spec 2.8, inside `program`). */
export function v1Detail(p: ProgramDoc) {
  return {
    id: p.id,
    numericId: p.numericId ?? null,
    limitUnit: p.hasLimit ? p.limitUnit : 'unlimited',
    includeProducts: (p.includeProducts ?? []).map(v1Product),
    excludeProducts: (p.excludeProducts ?? []).map(v1Product),
    appliedCollectionIds: p.includeCollections ?? [],
    autoRemovePoints: p.autoRemovePoints,
    earnBy: p.earnBy,
    type: p.kind,
    title: p.title,
    priority: p.priority,
    productPointsCalculator: { color: '#000000', fontSize: 14, type: 'text', font: 'inherit' },
    earnPoint: p.earnPoint,
    hasLimit: p.hasLimit ?? false,
    typeProductMatch: 'all',
    priorityPlaceOrder: p.priority,
    typeCondition: 'all',
    statusProductPointsCalculator: false,
    shopId: p.shopId,
    event: p.event,
    conditions: noneOf<unknown>(),
    statusUseCondition: false,
    status: p.status,
    limitInterval: p.hasLimit ? p.limitInterval : 0,
    createdAt: p.createdAt,
    rateMoney: v1Rate(p),
    updatedAt: p.updatedAt,
  };
}

/**
 * v1 program available to a customer (spec 2.8 `earning-programs-by-customer`): the list item plus
 * the program's real products (v1 shape), collections, limit and rate. `translateTitle` is the title
 * in the caller's language (a string here, as the spec has it).
 */
export function v1CustomerItem(p: ProgramDoc, title: string, earned: boolean) {
  return v1Item(
    p,
    {
      earnPointsTiers: Object.fromEntries(p.earnPointsTiers.map((t) => [t.tierId, { earnPoint: t.earnPoint }])),
      rateMoney: v1Rate(p),
      translateTitle: title,
    },
    {
      excludePOSOrderProducts: false,
      excludeOSOrderProducts: false,
      includeProducts: (p.includeProducts ?? []).map(v1Product),
      excludeProducts: (p.excludeProducts ?? []).map(v1Product),
      appliedCollectionIds: p.includeCollections ?? [],
      autoRemovePoints: p.autoRemovePoints,
      earnBy: p.earnBy,
      typeProductMatch: 'all',
      typeCondition: 'all',
      conditions: noneOf<unknown>(),
      limitInterval: p.hasLimit ? p.limitInterval : 0,
      statusUseCondition: false,
      appliedPlaceOrderTo: 'all',
      isEarned: earned,
    },
  );
}
