import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';
import { RewardCoupon } from '../../coupons/coupons.events';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/** A reward of a claimed step as it was granted: the rule values used, recorded (a later edit changes nothing). */
export interface GrantedMilestoneReward {
  /** The reward's index in the step's rewards. */
  index: number;
  action: string;
  /** bonus_point: the points the rule said (the PointsAwarded recorded with the claim pays what the limit left). */
  points: number | null;
  /** amount_discount: the amount off; percentage_discount: the percent off. */
  amount: number | null;
  percent: number | null;
  /** free_gift: the variant granted (null while the customer still owes the choice). */
  variantId: string | null;
  /** A discount or a chosen gift: the coupon the commerce platform minted for it (null for points and owed gifts). */
  coupon: RewardCoupon | null;
}

/** The step of a milestone program a claim is about, as the program said it when claimed. */
export interface MilestoneStepRef {
  programId: string;
  programTitle: string;
  /** The program's kind (milestone, milestone_mixed). */
  event: string;
  typeMilestone: string;
  stepType: string;
  /** The step's value, its claim key and its position in the ladder (1-based: the transaction row's milestoneOrder). */
  value: number;
  claimKey: string;
  order: number;
}

/**
 * A customer claimed a milestone step: once per step (the claim is decided on the customer's stream,
 * so two taps grant once). `rewards` are the ones chosen, with the values used; `counter` is the
 * customer's counter of the step's type then. `pointsGranted` is what the PointsAwarded recorded
 * with it pays (the earning limit may lower it); `blocked`: the limit refused every point.
 * `owedGifts`: indexes of free gifts still waiting for the customer's variant choice.
 */
export interface MilestoneStepClaimed extends CustomerEventBase {
  type: typeof T.MilestoneStepClaimed;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  step: MilestoneStepRef;
  counter: number;
  selectedRewardIds: number[];
  rewards: GrantedMilestoneReward[];
  pointsGranted: number;
  blocked: boolean;
  owedGifts: number[];
  source: string;
}

/** The customer chose the variant of a granted step's free gift (the step's last owed choice closes it). */
export interface MilestoneGiftChosen extends CustomerEventBase {
  type: typeof T.MilestoneGiftChosen;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  step: MilestoneStepRef;
  /** Reward index (as text) -> variant chosen. */
  variantIds: Record<string, string>;
  /** Reward index (as text) -> the gift's coupon minted for the variant chosen. */
  coupons: Record<string, RewardCoupon>;
  source: string;
}

/**
 * A customer reached a milestone step: its counter came to the step's value (on a mixed ladder, with
 * every step before it reached). Recorded once per step, by the reader that follows the counters
 * (`MilestoneReachedRecorder`) or, when it has not yet, by the step's claim; a later drop of the
 * counter (a refund) does not take it back.
 */
export interface MilestoneStepReached extends CustomerEventBase {
  type: typeof T.MilestoneStepReached;
  step: MilestoneStepRef;
  counter: number;
}

export type MilestoneEvent = MilestoneStepReached | MilestoneStepClaimed | MilestoneGiftChosen;

export const milestoneStepReached: EventBuilder<MilestoneStepReached> = eventBuilder(T.MilestoneStepReached);

export const milestoneStepClaimed: EventBuilder<MilestoneStepClaimed> = eventBuilder(T.MilestoneStepClaimed);
export const milestoneGiftChosen: EventBuilder<MilestoneGiftChosen> = eventBuilder(T.MilestoneGiftChosen);

/** The coupons a milestone event grants (discounts, and gifts whose variant is known), with the step they are for. */
export function milestoneCoupons(e: MilestoneStepClaimed | MilestoneGiftChosen): RewardCoupon[] {
  if (e.type === T.MilestoneStepClaimed) return e.rewards.flatMap((r) => (r.coupon ? [r.coupon] : []));
  return Object.values(e.coupons);
}
