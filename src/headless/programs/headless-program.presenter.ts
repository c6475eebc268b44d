import { ActiveProgram } from '../../programs/domain/order-earning';
import { rewardOf, SpendingRules } from '../../programs/kinds/spending-rule';
import { earningKind } from '../../programs/kinds/kinds';
import { formOf, safeRedirect } from '../../programs/kinds/earning-rule.schema';
import type { SubmissionStatus } from '../../ledger/submissions/domain/submissions.events';
import { birthdayOptionsFor } from '../../programs/kinds/birthday-picker';
import { LocalizedText } from '../../translations/queries/shop-text';
import { referralCouponTitle, referralRuleOf } from '../../programs/kinds/referral-rule';
import { referralLink } from '../../ledger/referrals/domain/referral-code';

/** A program's title in the text's locale (its translateTitle, else a machine translation, else as written). */
export function programTitleOf(program: ActiveProgram, text: LocalizedText): string {
  const { title, translateTitle } = program.settings;
  return text.programTitle({ id: program.id, event: program.event, title, translateTitle });
}

/** Where an earning program's button goes (http(s) or null), as its kind says; null for spending. */
export function actionUrl(program: ActiveProgram, shopUrl: string): string | null {
  if (program.kind !== 'earning') return null;
  return earningKind(program.event)?.actionUrl(program.settings, shopUrl) ?? null;
}

/** The fine print of a reward, rendered in the shopper's language (empty: no restrictions). */
export function conditionsOf(rules: SpendingRules, program: ActiveProgram, text: LocalizedText, currency: string) {
  const out: string[] = [];
  const { startDate, endDate } = program.settings;
  if (startDate) out.push(text.t('condition.start_date', { date: new Date(startDate) }));
  if (endDate) out.push(text.t('condition.end_date', { date: new Date(endDate) }));
  if (rules.rewardType === 'free_product') out.push(text.t('condition.products.free_gift'));
  else if (rules.appliedTo === 'sf_product') out.push(text.t('condition.products.specific'));
  else if (rules.appliedTo === 'sf_collection') out.push(text.t('condition.products.collections'));
  if (rules.orderReqAmount && Number(rules.orderReqAmount) > 0)
    out.push(text.t('condition.minimum_order', { amount: text.money(Number(rules.orderReqAmount), currency) }));
  if (rules.redeemType === 'dynamic') {
    if (rules.minPoints) out.push(text.t('condition.min_points', { points: rules.minPoints }));
    if (rules.maxPoints) out.push(text.t('condition.max_points', { points: rules.maxPoints }));
    if (rules.hasLimitCartValue && rules.limitCartValue)
      out.push(text.t('condition.max_cart_value', { percent: rules.limitCartValue }));
  }
  if (rules.expiresInDays) out.push(text.t('condition.expiry_days', { days: rules.expiresInDays }));
  if (rules.limitRedeem) out.push(text.t('condition.usage_limit', { count: rules.limitRedeem }));
  const { orderDiscounts, productDiscounts, shippingDiscounts } = rules.combinedWith;
  if (!orderDiscounts && !productDiscounts && !shippingDiscounts) out.push(text.t('condition.combines.none'));
  if (orderDiscounts) out.push(text.t('condition.combines.order'));
  if (productDiscounts) out.push(text.t('condition.combines.product'));
  if (shippingDiscounts) out.push(text.t('condition.combines.shipping'));
  return out;
}

export interface ProgramContext {
  text: LocalizedText;
  currency: string;
  shopUrl: string;
  /** Personalised list: whether the customer has earned each single-event program; absent on the public list. */
  isEarned?: (program: ActiveProgram) => boolean;
  /** Personalised list: how the storefront asks for a birthday. */
  birthdayDateFormat?: string;
  /** Personalised list: the customer's tier (the birthday picker's options are per tier). */
  tierId?: string | null;
  /** Personalised list: where the customer's last submission to a program stands (null: none). */
  submissionStatus?: (program: ActiveProgram) => SubmissionStatus | null;
  /** Personalised list: the customer's streak on a streak program. */
  streak?: (program: ActiveProgram) => HeadlessStreak;
  /** Personalised list: the customer's referral code (their link carries it). */
  referralCode?: string;
}

/**
 * A referral program's offer: what the friend gets and what the referrer earns, in the shopper's
 * words, the qualifying order's minimum and waiting days, and (personalised) the customer's code
 * and link (their landing page: the program's, else the shop's).
 */
function referralOffer(program: ActiveProgram, context: ProgramContext) {
  const { text, currency } = context;
  const rule = referralRuleOf(program.settings.referral);
  const friendReward = referralCouponTitle(rule.friendCoupon, text, currency);
  const yourReward =
    rule.referrerReward === 'coupon' && rule.referrerCoupon
      ? referralCouponTitle(rule.referrerCoupon, text, currency)
      : text.t('reward.description.bonus_point', { points: program.settings.earnPoint });
  const code = context.referralCode ?? null;
  return {
    code,
    link: code ? referralLink(program.settings.urlLocation ?? context.shopUrl, code) : null,
    friendReward,
    yourReward,
    headline: text.t('referral.title', { friendReward, yourReward }),
    explanation: text.t('program.description.referral', { friendReward, yourReward }),
    minimumSubtotal: rule.minimumSubtotal,
    waitingDays: rule.waitingDays,
  };
}

/** The fine print of a referral program: dates, the qualifying order's minimum, the rewards per period. */
function referralConditions(program: ActiveProgram, text: LocalizedText, currency: string): string[] {
  const s = program.settings;
  const rule = referralRuleOf(s.referral);
  const out: string[] = [];
  if (s.startDate) out.push(text.t('condition.start_date', { date: new Date(s.startDate) }));
  if (s.endDate) out.push(text.t('condition.end_date', { date: new Date(s.endDate) }));
  if (rule.minimumSubtotal > 0)
    out.push(text.t('condition.minimum_order', { amount: text.money(rule.minimumSubtotal, currency) }));
  if (s.hasLimit && s.limitUnit && s.limitUnit !== 'lifetime')
    out.push(text.t('condition.limit_per_period', { count: s.limitInterval ?? 1, period: s.limitUnit }));
  return out;
}

/** Spec 2.3 `streak`: the customer's daily check-in on the program. */
export interface HeadlessStreak {
  currentDay: number;
  totalDays: number;
  canClaimToday: boolean;
  message: string | null;
}

/** Spec 2.3 `googleReview`: the review page; on the personalised list, where the customer's review stands. */
function mapsReview(program: ActiveProgram, context: ProgramContext) {
  const urlLocation = program.settings.urlLocation ?? '';
  if (!context.submissionStatus) return { urlLocation };
  const status = context.submissionStatus(program);
  return { urlLocation, status, statusText: status ? context.text.t(`review.status.${status}`) : null };
}

/** Spec 2.3 `birthday`: the options of the customer's tier (none: no picker, or none for the tier). */
function birthdayPicker(program: ActiveProgram, context: ProgramContext) {
  const rewards = program.settings.birthdayRewards;
  return {
    rewardOptions: birthdayOptionsFor(rewards, context.tierId ?? null).map((o) => ({
      id: o.id,
      label: o.label,
      imageUrl: o.imageUrl ?? null,
    })),
    rewardSelection: rewards?.rewardSelection ?? 'single',
    dateFormat: context.birthdayDateFormat ?? 'MM/DD',
  };
}

/** Spec 2.3 Headless Program. */
export function presentHeadlessProgram(program: ActiveProgram, context: ProgramContext) {
  const { text } = context;
  const s = program.settings;
  const earning = program.kind === 'earning';
  const kind = earningKind(program.event);
  const rules = earning ? null : rewardOf(s.spending);
  const personalised = context.isEarned !== undefined;
  return {
    id: program.id,
    programType: program.kind,
    key: program.event,
    title: programTitleOf(program, text),
    description: s.description ?? '',
    iconUrl: s.iconUrl ?? '',
    ...(earning ? { points: s.earnPoint } : {}),
    ...(rules
      ? { pointsCost: rules.pointsCost, rewardType: rules.rewardType, rewardValue: rules.rewardValue ?? 0 }
      : {}),
    redeemType: rules ? rules.redeemType : null,
    actionUrl: actionUrl(program, context.shopUrl),
    lineJoinType: kind?.chatJoin ? (s.lineJoinType ?? 'join_link') : null,
    rateMoney: earning && s.earnBy === 'price' ? s.rateMoney : null,
    conditions: rules
      ? conditionsOf(rules, program, text, context.currency)
      : kind?.referral
        ? referralConditions(program, text, context.currency)
        : [],
    ...(earning && personalised ? { isEarned: context.isEarned!(program) } : {}),
    form: kind?.submission?.form ? formOf(s.form) : null,
    review:
      kind?.submission?.review === 'product'
        ? {
            redirectUrl: safeRedirect(s.review?.redirectUrl),
            headerImage: s.review?.headerImage ?? '',
            extraPoints: s.review?.extraPoints ?? 0,
          }
        : null,
    googleReview: kind?.submission?.review === 'map' ? mapsReview(program, context) : null,
    streak: kind?.dailyStreak && context.streak ? context.streak(program) : null,
    birthday: kind?.birthdayPicker && personalised ? birthdayPicker(program, context) : null,
    referral: kind?.referral ? referralOffer(program, context) : null,
  };
}

export type HeadlessProgram = ReturnType<typeof presentHeadlessProgram>;
