import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { CountedRedemption, countsAsRedeemed, GIVEN_BACK, redeemedOf, redemptionLimitReached } from './redeemed-counts';

/**
 * A spending program's shop-wide redemption count (totalLimitationRedeem), on its own stream
 * (`redemption-quota-<programId>`). A redemption reserves a slot under the stream's expected revision
 * before it spends points, so concurrent redemptions can never sell more than the limit; a redemption
 * that then fails, or a coupon refunded later, gives its slot back.
 */
export const RedemptionQuotaEventType = {
  Reserved: 'redemption-quota.reserved.v1',
  Released: 'redemption-quota.released.v1',
} as const;

export interface QuotaEvent {
  type: (typeof RedemptionQuotaEventType)[keyof typeof RedemptionQuotaEventType];
  eventId: string;
  occurredAt: string;
  shopId: string;
  programId: string;
  rewardId: string;
}

/** The quota's slots by reward: taken ('active') or given back; `redeemedOf` counts the taken ones. */
export interface QuotaState {
  slots: Readonly<Record<string, CountedRedemption>>;
}

const holds = (state: QuotaState, rewardId: string): boolean => {
  const slot = state.slots[rewardId];
  return slot !== undefined && countsAsRedeemed(slot.status);
};

export type QuotaCommand =
  | { type: 'ReserveRedemption'; meta: CommandMeta; programId: string; rewardId: string; limit: number }
  | { type: 'ReleaseRedemption'; meta: CommandMeta; programId: string; rewardId: string };

export const redemptionQuotaStreamId = (programId: string) => `redemption-quota-${programId}`;

function decideQuota(command: QuotaCommand, state: QuotaState): QuotaEvent[] {
  const slot = { ...eventBase(command.meta), programId: command.programId, rewardId: command.rewardId };
  switch (command.type) {
    case 'ReserveRedemption':
      if (holds(state, command.rewardId)) return [];
      if (redeemedOf(state.slots, command.programId) >= command.limit)
        throw redemptionLimitReached('shop', command.limit);
      return [{ ...slot, type: RedemptionQuotaEventType.Reserved }];
    case 'ReleaseRedemption':
      return holds(state, command.rewardId) ? [{ ...slot, type: RedemptionQuotaEventType.Released }] : [];
    default:
      return assertNever(command);
  }
}

export const redemptionQuota: Decider<QuotaState, QuotaCommand, QuotaEvent> = {
  initialState: () => ({ slots: {} }),
  evolve: (state, event) => {
    const status = event.type === RedemptionQuotaEventType.Reserved ? 'active' : GIVEN_BACK;
    return { slots: { ...state.slots, [event.rewardId]: { programId: event.programId, status } } };
  },
  decide: decideQuota,
};
