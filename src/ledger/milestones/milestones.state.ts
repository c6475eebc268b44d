import { CustomerEvent, CustomerEventType as T } from '../events/customer-events';
import { countMilestones, initialCounters, MilestoneCounters } from './milestone-counters';

/** A claimed step: the free gifts whose variant the customer still owes (empty: the step is achieved). */
export interface ClaimedStep {
  owedGifts: number[];
}

/** `<programId>|<claimKey>`: a claimed step's key in the state and the read model. */
export const claimedStepKey = (programId: string, claimKey: string) => `${programId}|${claimKey}`;

/** The milestone policy's share: the counters the steps are reached by, and the steps claimed. */
export interface MilestonesShare {
  milestoneCounters: MilestoneCounters;
  milestoneClaims: Readonly<Record<string, ClaimedStep>>;
  /** `<programId>|<claimKey>` of the steps whose reaching is recorded. */
  milestonesReached: Readonly<Record<string, true>>;
}

export const initialMilestones = (): MilestonesShare => ({
  milestoneCounters: initialCounters(),
  milestoneClaims: {},
  milestonesReached: {},
});

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
  if (milestoneCounters === state.milestoneCounters && milestoneClaims === state.milestoneClaims) return undefined;
  return { milestoneCounters, milestoneClaims };
}
