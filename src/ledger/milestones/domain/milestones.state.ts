import { CustomerEvent, CustomerEventType as T, MilestoneStepRef } from '../../customer-events';
import { countMilestones, initialCounters, MilestoneCounters } from './milestone-counters';

/** A claimed step: the free gifts whose variant the customer still owes (empty: the step is achieved). */
export interface ClaimedStep {
  owedGifts: number[];
}

/** `<programId>|<claimKey>`: a claimed step's key in the state and the read model. */
export const claimedStepKey = (programId: string, claimKey: string) => `${programId}|${claimKey}`;

/**
 * Bonus points a claimed step paid, by `<programId>|<claimKey>`: what a cancellation or refund that
 * brings the step's counter back below its value takes back (once: `reversed`).
 */
export interface MilestoneBonus {
  step: MilestoneStepRef;
  points: number;
  transactionId: string;
  reversed: boolean;
}

/** The milestone policy's share: the counters the steps are reached by, and the steps claimed. */
export interface MilestonesShare {
  milestoneCounters: MilestoneCounters;
  milestoneClaims: Readonly<Record<string, ClaimedStep>>;
  /** `<programId>|<claimKey>` of the steps whose reaching is recorded. */
  milestonesReached: Readonly<Record<string, true>>;
  milestoneBonuses: Readonly<Record<string, MilestoneBonus>>;
}

export const initialMilestones = (): MilestonesShare => ({
  milestoneCounters: initialCounters(),
  milestoneClaims: {},
  milestonesReached: {},
  milestoneBonuses: {},
});

/** The bonuses after an event: a claim's step, its payment, its reversal (undefined: unchanged). */
function bonusesAfter(
  bonuses: Readonly<Record<string, MilestoneBonus>>,
  event: CustomerEvent,
): Readonly<Record<string, MilestoneBonus>> | undefined {
  if (event.type === T.MilestoneStepClaimed) {
    const key = claimedStepKey(event.step.programId, event.step.claimKey);
    return { ...bonuses, [key]: { step: event.step, points: 0, transactionId: '', reversed: false } };
  }
  const paid = event.type === T.PointsAwarded || event.type === T.PointsRevoked ? event : null;
  if (!paid?.milestone || !paid.program) return undefined;
  const key = claimedStepKey(paid.program.programId, paid.milestone.claimKey);
  const bonus = bonuses[key];
  if (!bonus) return undefined;
  if (paid.type === T.PointsRevoked) return { ...bonuses, [key]: { ...bonus, reversed: true } };
  return { ...bonuses, [key]: { ...bonus, points: paid.points, transactionId: paid.transactionId } };
}

/** The claims after a milestone event (the same object for any other event). */
export function claimsAfter(
  claims: Readonly<Record<string, ClaimedStep>>,
  event: CustomerEvent,
): Readonly<Record<string, ClaimedStep>> {
  if (event.type === T.MilestoneStepClaimed)
    return { ...claims, [claimedStepKey(event.step.programId, event.step.claimKey)]: { owedGifts: event.owedGifts } };
  if (event.type === T.MilestoneGiftChosen) {
    const key = claimedStepKey(event.step.programId, event.step.claimKey);
    const owedGifts = (claims[key]?.owedGifts ?? []).filter((i) => event.variantIds[String(i)] === undefined);
    return { ...claims, [key]: { owedGifts } };
  }
  return claims;
}

export function evolveMilestones(state: MilestonesShare, event: CustomerEvent): Partial<MilestonesShare> | undefined {
  if (event.type === T.MilestoneStepReached) {
    const key = claimedStepKey(event.step.programId, event.step.claimKey);
    return { milestonesReached: { ...state.milestonesReached, [key]: true } };
  }
  const milestoneCounters = countMilestones(state.milestoneCounters, event);
  const milestoneClaims = claimsAfter(state.milestoneClaims, event);
  const milestoneBonuses = bonusesAfter(state.milestoneBonuses, event);
  if (
    milestoneCounters === state.milestoneCounters &&
    milestoneClaims === state.milestoneClaims &&
    milestoneBonuses === undefined
  )
    return undefined;
  return { milestoneCounters, milestoneClaims, ...(milestoneBonuses ? { milestoneBonuses } : {}) };
}

declare module '../../customer-state' {
  interface CustomerShares {
    milestones: MilestonesShare;
  }
}
