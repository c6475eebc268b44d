import type { MilestoneReward, MilestoneStep } from '../../../programs/kinds/milestone.schema';
import { StepType } from '../../../programs/kinds/milestone-rule';
import { ActiveProgram } from '../../../programs/domain/order-earning';
import { LocalizedText } from '../../../translations/queries/shop-text';
import { picksOf, StepStanding } from '../domain/ladder-states';
import { ladderShowsSteps } from '../../../programs/kinds/kinds';

/** How the storefront's sentences of one ladder are written: the shop's text in a locale and its currency. */
export interface LadderText {
  text: LocalizedText;
  currency: string;
}

/** The sentence of "how many more" per step type (subscriptions have none: the completed text stands in). */
const REMAINING: Record<StepType, string | null> = {
  order: 'milestone.progress.remaining_orders',
  spent_amount: 'milestone.progress.remaining_amount',
  earned_point: 'milestone.progress.remaining_points',
  reviews: 'milestone.progress.remaining_reviews',
  referral: 'milestone.progress.remaining_referrals',
  subscription: null,
};

/** The spec's MilestoneLadder of one program for one customer. */
export function presentLadder(program: ActiveProgram, standings: StepStanding[], w: LadderText) {
  const s = program.settings;
  const supported = ladderShowsSteps(program.event);
  const steps = supported ? standings.map((st) => presentStep(st, w)) : [];
  const title = w.text.programTitle({
    id: program.id,
    event: program.event,
    title: s.title,
    translateTitle: s.translateTitle,
  });
  return {
    programId: program.id,
    title: title ?? '',
    subheading: w.text.t('milestone.subheading', {
      reached: steps.filter((x) => x.reached).length,
      total: steps.length,
    }),
    typeMilestone: s.typeMilestone ?? 'order',
    supported,
    orderRequirement: null,
    steps,
  };
}

export type PresentedStep = ReturnType<typeof presentStep>;

/** One step: its sentence, state, progress (current only), note (passed_unclaimed only) and rewards. */
export function presentStep(st: StepStanding, w: LadderText) {
  const { step, stepType, state } = st;
  return {
    claimKey: st.claimKey,
    stepType,
    label: labelOf(step, stepType, w),
    state,
    reached: st.reached,
    note: state === 'passed_unclaimed' ? w.text.t('milestone.note.passed_unclaimed') : null,
    rewardLogic: step.rewardLogic ?? 'grantAll',
    maxRewardSelect: picksOf(step),
    ...(state === 'current' ? { progress: progressOf(st, w) } : {}),
    rewards: step.rewards.map((r, index) => presentReward(r, index, choiceOwed(st, index), w)),
  };
}

/**
 * Whether the reward's gift variant is still to be chosen: on a claimed step only while its choice is owed
 * (a claimed step is `achieved`, or `claimable` with gifts owed); on a step not claimed yet, always.
 */
function choiceOwed(st: StepStanding, index: number): boolean {
  const claimed = st.state === 'achieved' || st.owedGifts.length > 0;
  return claimed ? st.owedGifts.includes(index) : true;
}

/** The merchant's sentence in the locale (or as written), else the step type's sentence. */
function labelOf(step: MilestoneStep, stepType: StepType, w: LadderText): string {
  const own = step.translateLabel?.[w.text.locale] ?? step.label;
  if (own && own.trim()) return own;
  const value = step.value;
  return w.text.t(`milestone.step.${stepType}`, {
    count: value,
    points: value,
    amount: w.text.money(value, w.currency),
  });
}

/** Progress toward the current step: percent of its value, what is done, what is left (null at 100 %). */
function progressOf(st: StepStanding, w: LadderText) {
  const { counter, stepType } = st;
  const target = st.step.value;
  const percent = Math.max(0, Math.min(100, Math.floor((counter * 100) / target)));
  const shown = (n: number) => (stepType === 'spent_amount' ? w.text.money(n, w.currency) : String(n));
  const completedText = w.text.t('milestone.progress.completed', { current: shown(counter), target: shown(target) });
  const left = Math.max(0, target - counter);
  const key = REMAINING[stepType];
  const remainingText =
    percent >= 100
      ? null
      : key
        ? w.text.t(key, { count: left, points: left, amount: w.text.money(left, w.currency) })
        : completedText;
  return { percent, completedText, remainingText };
}

/** A reward: its sentence, and for a gift of several variants whose choice is owed, the products to choose from. */
function presentReward(r: MilestoneReward, index: number, owed: boolean, w: LadderText) {
  const variants = r.variantIds ?? [];
  const needsVariantChoice = owed && r.action === 'free_gift' && variants.length > 1;
  return {
    index,
    action: r.action,
    text: rewardText(r, w),
    needsVariantChoice,
    giftProducts: needsVariantChoice ? giftProductsOf(r, variants) : [],
  };
}

function rewardText(r: MilestoneReward, w: LadderText): string {
  switch (r.action) {
    case 'bonus_point':
      return w.text.t('milestone.reward.bonus_point', { points: r.points ?? 0 });
    case 'amount_discount':
      return w.text.t('milestone.reward.discount', { amount: w.text.money(r.amount ?? 0, w.currency) });
    case 'percentage_discount':
      return w.text.t('milestone.reward.percentage', { percent: r.percent ?? 0 });
    case 'free_shipping':
      return w.text.t('milestone.reward.free_shipping');
    case 'free_gift':
      return w.text.t('milestone.reward.free_gift', { productTitle: r.giftProducts?.[0]?.title ?? '' });
  }
}

/** The spec's GiftProduct list: the products the merchant described, with only the variants on the allow-list. */
function giftProductsOf(r: MilestoneReward, allowed: string[]) {
  const described = (r.giftProducts ?? []).map((p) => ({
    id: p.id,
    title: p.title ?? '',
    image: p.image ?? '',
    variants: (p.variants ?? []).filter((v) => allowed.includes(v.id)).map((v) => ({ id: v.id, title: v.title })),
  }));
  const listed = new Set(described.flatMap((p) => p.variants.map((v) => v.id)));
  const rest = allowed.filter((id) => !listed.has(id));
  if (rest.length === 0) return described;
  // Variants the merchant did not describe are offered under a product of no title.
  return [...described, { id: '', title: '', image: '', variants: rest.map((id) => ({ id, title: id })) }];
}
