import { isOneOf } from '../../shared/domain/guards';
import { SOCIAL_EVENTS } from '../domain/program-events';
import { ProgramDoc } from '../projections/program-read-models';
import { spendingRules } from '../domain/spending-rules';
import { presentSpending } from '../domain/spending-wire';

/** What a free gift can still give (spec 2.9 `giftStatus`); null on programs that give no gift. */
export type GiftStatus = 'available' | 'sold_out' | null;

/**
 * The v2 Program record (spec 2.9). `translateTitle` is the title in each of the shop's languages
 * (rendered by the translations capability), with the merchant's own entries as given. Earning
 * programs carry `typeMilestone` and `milestones` (no milestone programs here: null and []);
 * spending programs the reward under the spec's names and today's (spending-wire).
 */
export function presentProgram(
  p: ProgramDoc,
  translateTitle: Record<string, string> = p.translateTitle,
  giftStatus: GiftStatus = null,
) {
  const common = {
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
  };
  if (p.kind === 'spending') return { ...common, ...presentSpending(spendingRules(p.spending, p.event)) };
  return {
    ...common,
    earnBy: p.earnBy,
    rateMoney: p.rateMoney,
    earnPoint: p.earnPoint,
    autoRemovePoints: p.autoRemovePoints,
    appliedPlaceOrderTo: 'all',
    appliedSource: p.appliedSource,
    skipEarnPointGuest: p.skipEarnPointGuest,
    roundingMethod: p.roundingMethod,
    earnPointsTiers: p.earnPointsTiers,
    typeMilestone: null,
    milestones: [] as unknown[],
    includeProducts: (p.includeProducts ?? []).map((id) => ({ id })),
    excludeProducts: (p.excludeProducts ?? []).map((id) => ({ id })),
    includeCollections: (p.includeCollections ?? []).map((id) => ({ id })),
    excludeCollections: (p.excludeCollections ?? []).map((id) => ({ id })),
    pendingDays: p.pendingDays ?? 0,
    hasLimit: p.hasLimit ?? false,
    limitUnit: p.limitUnit ?? 'lifetime',
    limitInterval: p.limitInterval ?? 1,
  };
}

export type V2Program = ReturnType<typeof presentProgram>;

/** v1 program list item (spec 2.8). */
export function v1ListItem(p: ProgramDoc) {
  return {
    showLoyaltyPage: true,
    social: isOneOf(SOCIAL_EVENTS, p.event) ? (p.event.split('_')[1] ?? '') : '',
    urlLocation: '',
    limitUnit: p.hasLimit ? p.limitUnit : 'unlimited',
    urlAccount: '',
    title: p.title,
    type: p.kind,
    priority: p.priority,
    earnPoint: p.earnPoint,
    signUpGuide: '',
    enabledAntiCheat: false,
    hasLimit: p.hasLimit ?? false,
    action: p.event,
    earnPointsTiers: Object.fromEntries(
      p.earnPointsTiers.map((t) => [t.tierId, { earnPoint: t.earnPoint, limitUnit: 'unlimited' }]),
    ),
    shopId: p.shopId,
    event: p.event,
    startDate: p.startDate,
    expired: p.expired,
    id: p.id,
    changeProgramTitle: false,
    isDraft: p.isDraft,
    rateMoney: p.rateMoney === null ? '' : String(p.rateMoney),
    translateTitle: p.translateTitle,
    createdAt: p.createdAt,
    giftStatus: '',
    status: p.status,
    updatedAt: p.updatedAt,
  };
}

/** v1 program detail (spec 2.8, inside `program`). */
export function v1Detail(p: ProgramDoc) {
  return {
    id: p.id,
    limitUnit: p.hasLimit ? p.limitUnit : 'unlimited',
    includeProducts: (p.includeProducts ?? []).map((id) => ({ id })),
    excludeProducts: (p.excludeProducts ?? []).map((id) => ({ id })),
    appliedCollectionIds: [],
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
    shopId: p.shopId,
    event: p.event,
    conditions: [],
    statusUseCondition: false,
    status: p.status,
    limitInterval: p.hasLimit ? p.limitInterval : 0,
    createdAt: p.createdAt,
    rateMoney: p.rateMoney ?? 0,
    updatedAt: p.updatedAt,
  };
}
