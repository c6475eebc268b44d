import { because } from '../../../shared/domain/domain-error';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { TierRung } from '../../../tiers/domain/tier-rung';
import type { MilestoneStep } from '../../../programs/kinds/milestone.schema';
import { CommandMeta } from '../../customer-stream';
import { CustomerState, EnrolledCustomer } from '../../customer-state';
import {
  earnsFromPrograms,
  GrantedMilestoneReward,
  MilestoneGiftChosen,
  milestoneGiftChosen,
  MilestoneStepClaimed,
  milestoneStepClaimed,
  MilestoneStepReached,
  milestoneStepReached,
  MilestoneStepRef,
  PointsAwarded,
  pointsAwarded,
  RewardCoupon,
} from '../../customer-events';
import { earningRoom } from '../../earning-limit/earning-limit.decisions';
import { pointsContext } from '../../points/points.decisions';
import { ladderStandings, MilestoneLadderProgram, picksOf, StepStanding } from './ladder-states';
import { claimedStepKey } from './milestones.state';

/** A milestone program as a claim carries it (read by the handler; the decision reads no store). */
export interface MilestoneProgramRef extends MilestoneLadderProgram {
  programTitle: string;
  /** The program's kind (milestone, milestone_mixed). */
  event: string;
}

/**
 * A claim of a milestone step. `selectedRewardIds` are indexes into the step's rewards (null: the whole
 * step, for a step that grants all); `variantIds` maps a reward index (as text) to the free gift's
 * variant chosen. `deferGiftChoice`: a gift offering several variants with none sent is granted with
 * its choice owed (the step stays claimable for it) instead of GIFT_SELECTION_REQUIRED.
 */
export interface ClaimMilestoneStep {
  type: 'ClaimMilestoneStep';
  meta: CommandMeta;
  program: MilestoneProgramRef;
  claimKey: string;
  selectedRewardIds: number[] | null;
  variantIds: Record<string, string>;
  deferGiftChoice: boolean;
  /** The body field the variants came in (refusals name it): the per-program claim's, or the flat claim's. */
  giftField?: 'variantIds' | 'variantIdsSelected';
  source: string;
  tiers: TierRung[];
  earningLimit?: EarningLimitPolicy | null;
  /**
   * Reward index (as text) -> the coupon the commerce platform minted for a discount or a chosen gift.
   * Absent on the precheck (the handler decides once without recording, to know what to mint); given,
   * a reward that needs a coupon and has none is CLAIM_FAILED.
   */
  coupons?: Record<string, RewardCoupon>;
}

type ClaimEvents = Array<MilestoneStepReached | MilestoneStepClaimed | MilestoneGiftChosen | PointsAwarded>;

/** The reader of the counters asks to record the steps the customer has reached on the shop's active ladders. */
export interface RecordMilestonesReached {
  type: 'RecordMilestonesReached';
  meta: CommandMeta;
  ladders: MilestoneProgramRef[];
}

/** Each reached step not yet recorded, once (nothing for a customer not enrolled, or erased). */
export function decideMilestonesReached(
  command: RecordMilestonesReached,
  state: CustomerState,
): MilestoneStepReached[] {
  if (!state.enrolled || state.erased) return [];
  return command.ladders.flatMap((ladder) =>
    ladderStandings(ladder, state.milestoneCounters, state.milestoneClaims)
      .filter((s) => s.reached && !state.milestonesReached[claimedStepKey(ladder.programId, s.claimKey)])
      .map((s) => milestoneStepReached(command.meta, { step: stepRef(ladder, s), counter: s.counter })),
  );
}

/**
 * A claim of a reached step, decided on the customer's stream: once per step (two taps at once are
 * decided one after the other, the second finds the step achieved: NOT_CLAIMABLE). The chosen rewards
 * are granted with the rule values used; bonus points go through the shop's earning limit (all of
 * them refused: `blocked`, the step still counts as claimed). A step whose gift choice is owed takes
 * that choice only.
 */
export function decideMilestoneClaim(command: ClaimMilestoneStep, state: EnrolledCustomer): ClaimEvents {
  if (!earnsFromPrograms(state))
    throw because.notEligible('Only members earn from programs: join the loyalty program first');
  const standing = ladderStandings(command.program, state.milestoneCounters, state.milestoneClaims).find(
    (s) => s.claimKey === command.claimKey,
  );
  if (!standing) throw because.invalidStep(`Program ${command.program.programId} has no step ${command.claimKey}`);
  if (standing.state !== 'claimable')
    throw because.notClaimable(`Step ${command.claimKey} is ${standing.state}, not claimable`);
  const ref = stepRef(command.program, standing);
  if (standing.owedGifts.length > 0) return [chooseOwedGifts(command, state, standing, ref)];
  const selected = selectionOf(standing.step, command.selectedRewardIds);
  const rewards = selected.map((i) => grantOf(standing.step, i, command));
  const due = rewards.reduce((sum, r) => sum + (r.points ?? 0), 0);
  const room = earningRoom(state, command.earningLimit, command.meta.occurredAt);
  const points = Math.min(due, room);
  const claimed = milestoneStepClaimed(command.meta, {
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    step: ref,
    counter: standing.counter,
    selectedRewardIds: selected,
    rewards,
    pointsGranted: points,
    blocked: due > 0 && points === 0,
    owedGifts: rewards.filter((r) => r.action === 'free_gift' && r.variantId === null).map((r) => r.index),
    source: command.source,
  });
  // A claim records the step's reaching when the counters' reader has not yet.
  const reached = state.milestonesReached[claimedStepKey(ref.programId, ref.claimKey)]
    ? []
    : [milestoneStepReached(command.meta, { step: ref, counter: standing.counter })];
  if (points === 0) return [...reached, claimed];
  return [...reached, claimed, bonusPoints(command, state, ref, points)];
}

function stepRef(program: MilestoneProgramRef, standing: StepStanding): MilestoneStepRef {
  return {
    programId: program.programId,
    programTitle: program.programTitle,
    event: program.event,
    typeMilestone: program.typeMilestone,
    stepType: standing.stepType,
    value: standing.step.value,
    claimKey: standing.claimKey,
    order: standing.order,
  };
}

/**
 * The rewards a claim picks: exactly the step's number of picks, each an index of its rewards, none
 * twice (INVALID_SELECTION otherwise). None sent: the whole step, where the step grants all.
 */
export function selectionOf(step: MilestoneStep, sent: number[] | null): number[] {
  const picks = picksOf(step);
  const all = step.rewards.map((_r, i) => i);
  if (!sent || sent.length === 0) {
    if (picks === step.rewards.length) return all;
    throw because.invalidSelection(`Choose ${picks} of the step's ${step.rewards.length} rewards`, 'selectedRewardIds');
  }
  if (sent.length !== picks)
    throw because.invalidSelection(`Choose exactly ${picks} reward(s), not ${sent.length}`, 'selectedRewardIds');
  if (sent.some((i) => !Number.isInteger(i) || i < 0 || i >= step.rewards.length))
    throw because.invalidSelection(`Each reward id must be from 0 to ${step.rewards.length - 1}`, 'selectedRewardIds');
  if (new Set(sent).size !== sent.length)
    throw because.invalidSelection('A reward may be chosen once', 'selectedRewardIds');
  return [...sent];
}

/** A reward as granted: the values its rule says, and for a gift the variant (sent, or the only one). */
function grantOf(step: MilestoneStep, index: number, command: ClaimMilestoneStep): GrantedMilestoneReward {
  const reward = step.rewards[index];
  const variantId = reward.action === 'free_gift' ? giftVariant(reward.variantIds ?? [], index, command) : null;
  return {
    index,
    action: reward.action,
    points: reward.action === 'bonus_point' ? (reward.points ?? 0) : null,
    amount: reward.action === 'amount_discount' ? (reward.amount ?? null) : null,
    percent: reward.action === 'percentage_discount' ? (reward.percent ?? null) : null,
    variantId,
    coupon: couponFor(command, index, needsCoupon({ action: reward.action, variantId })),
  };
}

/** Whether a granted reward is made real by a coupon: a discount, or a gift whose variant is known. */
export const needsCoupon = (r: Pick<GrantedMilestoneReward, 'action' | 'variantId'>): boolean =>
  r.action !== 'bonus_point' && (r.action !== 'free_gift' || r.variantId !== null);

/** The coupon minted for a reward that needs one, when the command carries coupons (none on the precheck). */
function couponFor(command: ClaimMilestoneStep, index: number, needed: boolean): RewardCoupon | null {
  if (!command.coupons || !needed) return null;
  const coupon = command.coupons[String(index)];
  if (!coupon) throw because.claimFailed(`The coupon of reward ${index} was not minted; nothing was granted`);
  return coupon;
}

/** The gift's variant: the one sent (on its allow-list), the only one offered, or null when the choice may wait. */
function giftVariant(allowed: string[], index: number, command: ClaimMilestoneStep): string | null {
  const sent = command.variantIds[String(index)];
  if (sent !== undefined) {
    if (!allowed.includes(sent)) throw because.giftUnavailable(sent, giftFieldOf(command, index));
    return sent;
  }
  if (allowed.length === 1) return allowed[0];
  if (command.deferGiftChoice) return null;
  throw because.giftSelectionRequired(giftFieldOf(command, index));
}

/** Where the reward's variant is sent: `variantIds.<index>`, or the flat claim's `variantIdsSelected.rewardIndex-<index>`. */
function giftFieldOf(command: ClaimMilestoneStep, index: number): string {
  return command.giftField === 'variantIdsSelected' ? `variantIdsSelected.rewardIndex-${index}` : `variantIds.${index}`;
}

/** The choice of a granted step's owed gifts: only those, each on its allow-list. */
function chooseOwedGifts(
  command: ClaimMilestoneStep,
  state: EnrolledCustomer,
  standing: StepStanding,
  ref: MilestoneStepRef,
) {
  const variantIds: Record<string, string> = {};
  const coupons: Record<string, RewardCoupon> = {};
  for (const index of standing.owedGifts) {
    const sent = command.variantIds[String(index)];
    if (sent === undefined) throw because.giftSelectionRequired(giftFieldOf(command, index));
    if (!(standing.step.rewards[index].variantIds ?? []).includes(sent))
      throw because.giftUnavailable(sent, giftFieldOf(command, index));
    variantIds[String(index)] = sent;
    const coupon = couponFor(command, index, true);
    if (coupon) coupons[String(index)] = coupon;
  }
  return milestoneGiftChosen(command.meta, {
    platformCustomerId: state.platformCustomerId,
    email: state.email,
    step: ref,
    variantIds,
    coupons,
    source: command.source,
  });
}

function bonusPoints(command: ClaimMilestoneStep, state: EnrolledCustomer, ref: MilestoneStepRef, points: number) {
  const request = { points, source: command.source, event: command.program.event, reason: null };
  return pointsAwarded(pointsContext(state, command.meta, request, state.points + points), {
    points,
    program: { programId: ref.programId, programTitle: ref.programTitle, earnBy: 'flat', rateMoney: null },
    order: null,
    milestone: { order: ref.order, claimKey: ref.claimKey },
  });
}
