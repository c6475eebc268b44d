import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { changedFields, isOneOf, isRecord } from '../../shared/domain/guards';
import { withEntry, withoutEntry } from '../../shared/domain/records';
import { decideSpending } from '../kinds/spending-wire';
import {
  ProgramCreated,
  ProgramEvent,
  ProgramEventType as T,
  ProgramKind,
  ProgramSettings,
  ProgramSettingsInput,
  ProgramUpdated,
} from './program-events';
import { upcastProgramEvent } from './program-upcast';
import { ProgramSpending, StoredSpending } from '../kinds/spending-rule';
import {
  EARNING_EVENTS,
  earningKind,
  isFormKind,
  isImpactKind,
  isPaidBy,
  isProductReviewKind,
  isReferralKind,
  isStreakKind,
  SPENDING_EVENTS,
} from '../kinds/kinds';
import { couponProblem, referralRuleOf } from '../kinds/referral-rule';
import { checkMilestones } from '../kinds/milestone-ladder';
import { APPLIED_SOURCES, PRODUCT_FILTERS } from '../kinds/earning-rule';

export interface ProgramState {
  kind: ProgramKind;
  event: string;
  settings: ProgramSettings;
}

export interface ProgramsState {
  programs: Readonly<Record<string, ProgramState>>;
}

export type ProgramCommand =
  | {
      type: 'CreateProgram';
      meta: CommandMeta;
      programId: string;
      kind: ProgramKind;
      event: string;
      settings: ProgramSettingsInput & { title: string };
      /** Spending programs: reward fields under the spec's names, at the top level of the body (spending-wire). */
      spendingFields?: Record<string, unknown>;
      /** The shop's tier ids: per-tier rates must name one of them. */
      tierIds: readonly string[];
    }
  | {
      type: 'UpdateProgram';
      meta: CommandMeta;
      programId: string;
      changes: ProgramSettingsInput;
      /** Spending programs: reward fields under the spec's names; each changes only itself. */
      spendingFields?: Record<string, unknown>;
      tierIds: readonly string[];
    }
  | { type: 'DeleteProgram'; meta: CommandMeta; programId: string };

export function defaultSettings(event: string, title: string): ProgramSettings {
  return {
    title,
    description: '',
    status: true,
    isDraft: false,
    expired: false,
    priority: 0,
    startDate: null,
    endDate: null,
    earnPoint: 0,
    earnBy: earningKind(event)?.defaults.earnBy ?? 'flat',
    rateMoney: earningKind(event)?.defaults.rateMoney ?? null,
    roundingMethod: 'round',
    appliedSource: [...APPLIED_SOURCES],
    skipEarnPointGuest: true,
    autoRemovePoints: true,
    earnPointsTiers: [],
    includeProducts: [],
    excludeProducts: [],
    includeCollections: [],
    excludeCollections: [],
    pendingDays: 0,
    hasLimit: false,
    limitUnit: 'lifetime',
    limitInterval: 1,
    translateTitle: {},
    spending: {},
  };
}

const bad = (field: string, message: string) => because.badRequest(`${field} ${message}`, { field });

/**
 * The relations a program must keep, named by field. Each setting was parsed at the write edge by the
 * earning rule's schema (`EarningRuleSchema`: types, bounds, value lists), and a spending program's
 * reward by `decideSpending`; what is left is what one field says of another, of the program's kind,
 * or of the shop: the event is one of its kind's, the dates are in order, an earning program pays
 * (an order program by price has a rate), per-tier rates name the shop's own tiers.
 */
function check(kind: ProgramKind, event: string, s: ProgramSettings, tierIds: readonly string[]): void {
  const events = kind === 'earning' ? EARNING_EVENTS : SPENDING_EVENTS;
  if (!isOneOf(events, event)) throw bad('event', `must be one of ${events.join(', ')}`);
  if (s.startDate && s.endDate && s.startDate > s.endDate) throw bad('endDate', 'must not be before startDate');
  checkImpact(event, s);
  if (kind === 'spending') {
    // Spending rewards name their products in the reward (appliedTo, specificProductIds).
    for (const key of PRODUCT_FILTERS)
      if (s[key].length > 0)
        throw bad(
          key,
          'is not used by spending programs: use appliedTo with specificProductIds or appliedCollectionIds',
        );
    return;
  }
  const ladder = earningKind(event)?.milestone;
  checkMilestones(event, ladder?.types ?? null, s.typeMilestone, s.milestones);
  checkReferral(event, s);
  // A milestone program pays by its steps' rewards, and a referral program whose referrer earns a
  // coupon pays no points itself: neither needs earnPoint.
  const paysPoints = !ladder && (!isReferralKind(event) || referralRuleOf(s.referral).referrerReward === 'points');
  if (paysPoints && s.earnPoint < 1) throw bad('earnPoint', 'must be at least 1 for an earning program');
  if (s.form && !isFormKind(event)) throw bad('form', 'is only for submit_form and fill_survey programs');
  if (s.review && !isProductReviewKind(event)) throw bad('review', 'is only for write_review programs');
  checkStreak(event, s.streakMilestones);
  checkBirthdayRewards(event, s.birthdayRewards, tierIds);
  if (isPaidBy(event, 'order') && s.earnBy === 'price' && s.rateMoney === null)
    throw bad('rateMoney', 'must be a positive amount when earning by price');
  for (const [i, t] of s.earnPointsTiers.entries())
    if (!tierIds.includes(t.tierId)) throw bad(`earnPointsTiers[${i}].tierId`, 'is not a tier of this shop');
}

/**
 * A referral program's settings belong to a referral program; a referrer paid in coupons names the
 * coupon; each coupon says how much it is worth (none for free shipping, a percent up to 100).
 */
function checkReferral(event: string, s: ProgramSettings): void {
  if (!isReferralKind(event)) {
    if (s.referral) throw bad('referral', 'is only for referral programs');
    return;
  }
  const given = s.referral ?? {};
  if (given.referrerReward === 'coupon' && !given.referrerCoupon)
    throw bad('referral.referrerCoupon', 'is required when referrerReward is coupon');
  if (given.referrerReward !== 'coupon' && given.referrerCoupon)
    throw bad('referral.referrerCoupon', 'is only for referrerReward coupon');
  const rule = referralRuleOf(given);
  const problem =
    couponProblem(rule.friendCoupon, 'referral.friendCoupon') ??
    (rule.referrerCoupon ? couponProblem(rule.referrerCoupon, 'referral.referrerCoupon') : null);
  if (problem) throw bad(problem[0], problem[1]);
}

/** An environmental-impact reward names its provider, unit and quantity; no other kind has them. */
function checkImpact(event: string, s: ProgramSettings): void {
  if (!isImpactKind(event)) {
    if (s.impact) throw bad('impact', 'is only for environmental_impact programs');
    return;
  }
  if (!s.impact) throw bad('impact', 'is required for an environmental_impact program (provider, unit, quantity)');
}

/** A streak program names its milestone days (distinct); no other kind has them. */
function checkStreak(event: string, milestones: ProgramSettings['streakMilestones']): void {
  if (!isStreakKind(event)) {
    if (milestones?.length) throw bad('streakMilestones', 'is only for streak_interact_website programs');
    return;
  }
  if (!milestones?.length) throw bad('streakMilestones', 'must list at least one milestone day');
  if (new Set(milestones.map((m) => m.day)).size !== milestones.length)
    throw bad('streakMilestones', 'must not list a day twice');
}

/** A birthday picker belongs to a birthday program; its option ids are distinct, its tiers the shop's. */
function checkBirthdayRewards(
  event: string,
  rewards: ProgramSettings['birthdayRewards'],
  tierIds: readonly string[],
): void {
  if (!rewards) return;
  if (!earningKind(event)?.birthdayPicker) throw bad('birthdayRewards', 'is only for birthday programs');
  const ids = rewards.options.map((o) => o.id);
  if (new Set(ids).size !== ids.length) throw bad('birthdayRewards.options', 'must not repeat an id');
  for (const [i, option] of rewards.options.entries())
    for (const tierId of option.tierIds ?? [])
      if (!tierIds.includes(tierId))
        throw bad(`birthdayRewards.options[${i}].tierIds`, `names ${tierId}, not a tier of this shop`);
}

/**
 * The reward a spending program's write leaves (typed, stored names), or null when the write does
 * not touch it. The write edge of the spending rule: the one place a reward is parsed. Spec-named
 * fields on an earning program are refused, naming the first; an earning program's `spending`, if
 * sent, must be an object and is left empty.
 */
function spendingOf(
  kind: ProgramKind,
  event: string,
  base: ProgramSpending,
  replace: Record<string, unknown> | undefined,
  fields: Record<string, unknown> | undefined,
): StoredSpending | null {
  const given = fields && Object.keys(fields).length ? fields : undefined;
  if (kind === 'earning') {
    if (given) throw bad(Object.keys(given)[0], 'is only for spending programs');
    if (replace !== undefined && !isRecord(replace)) throw bad('spending', 'must be an object');
    return null;
  }
  if (replace === undefined && !given) return null;
  return decideSpending(event, base, replace, given);
}

/** A command's settings without the reward as sent (decided apart, by `spendingOf`). */
function withoutSpending(input: ProgramSettingsInput): Partial<ProgramSettings> {
  const { spending: _sent, ...settings } = input;
  return settings;
}

export function evolvePrograms(state: ProgramsState, recorded: ProgramEvent): ProgramsState {
  const event = upcastProgramEvent(recorded, (id) => state.programs[id]?.event);
  switch (event.type) {
    case T.Created:
      return {
        programs: {
          ...state.programs,
          [event.programId]: { kind: event.kind, event: event.event, settings: event.settings },
        },
      };
    case T.Updated:
      return {
        programs: withEntry(state.programs, event.programId, (p) => ({
          settings: { ...p.settings, ...event.changes },
        })),
      };
    case T.Deleted:
      return { programs: withoutEntry(state.programs, event.programId) };
    default:
      return assertNever(event);
  }
}

function createProgram(command: Extract<ProgramCommand, { type: 'CreateProgram' }>): ProgramCreated {
  const settings: ProgramSettings = {
    ...defaultSettings(command.event, command.settings.title),
    ...withoutSpending(command.settings),
  };
  const spending = spendingOf(command.kind, command.event, {}, command.settings.spending, command.spendingFields);
  if (spending) settings.spending = spending;
  check(command.kind, command.event, settings, command.tierIds);
  return {
    ...eventBase(command.meta),
    programId: command.programId,
    type: T.Created,
    kind: command.kind,
    event: command.event,
    settings,
  };
}

function updateProgram(
  command: Extract<ProgramCommand, { type: 'UpdateProgram' }>,
  state: ProgramsState,
): ProgramUpdated[] {
  const program = state.programs[command.programId];
  if (!program) throw because.notFound('Program');
  // Tier rates already stored may name a tier deleted since: only rates being set are checked.
  const tierIds =
    command.changes.earnPointsTiers === undefined
      ? [...command.tierIds, ...(program.settings.earnPointsTiers ?? []).map((t) => t.tierId)]
      : command.tierIds;
  const spending = spendingOf(
    program.kind,
    program.event,
    program.settings.spending,
    command.changes.spending,
    command.spendingFields,
  );
  const given = withoutSpending(command.changes);
  const proposed = spending ? { ...given, spending } : given;
  check(program.kind, program.event, { ...program.settings, ...proposed }, tierIds);
  const changes = changedFields(program.settings, proposed);
  if (!Object.keys(changes).length) return [];
  return [{ ...eventBase(command.meta), programId: command.programId, type: T.Updated, changes }];
}

export function decidePrograms(command: ProgramCommand, state: ProgramsState): ProgramEvent[] {
  switch (command.type) {
    case 'CreateProgram':
      return [createProgram(command)];
    case 'UpdateProgram':
      return updateProgram(command, state);
    case 'DeleteProgram':
      if (!state.programs[command.programId]) throw because.notFound('Program');
      return [{ ...eventBase(command.meta), programId: command.programId, type: T.Deleted }];
    default:
      return assertNever(command);
  }
}

export const programsDecider: Decider<ProgramsState, ProgramCommand, ProgramEvent> = {
  initialState: () => ({ programs: {} }),
  evolve: evolvePrograms,
  decide: decidePrograms,
};
