import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { redemptionLimitReached } from './redeemed-counts';

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

export interface QuotaState {
  used: number;
  holders: Readonly<Record<string, true>>;
}

export type QuotaCommand =
  | { type: 'ReserveRedemption'; meta: CommandMeta; programId: string; rewardId: string; limit: number }
  | { type: 'ReleaseRedemption'; meta: CommandMeta; programId: string; rewardId: string };

export const redemptionQuotaStreamId = (programId: string) => `redemption-quota-${programId}`;

function decideQuota(command: QuotaCommand, state: QuotaState): QuotaEvent[] {
  const slot = { ...eventBase(command.meta), programId: command.programId, rewardId: command.rewardId };
  switch (command.type) {
    case 'ReserveRedemption':
      if (state.holders[command.rewardId]) return [];
      if (state.used >= command.limit) throw redemptionLimitReached('shop', command.limit);
      return [{ ...slot, type: RedemptionQuotaEventType.Reserved }];
    case 'ReleaseRedemption':
      return state.holders[command.rewardId] ? [{ ...slot, type: RedemptionQuotaEventType.Released }] : [];
    default:
      return assertNever(command);
  }
}

export const redemptionQuota: Decider<QuotaState, QuotaCommand, QuotaEvent> = {
  initialState: () => ({ used: 0, holders: {} }),
  evolve: (state, event) => {
    if (event.type === RedemptionQuotaEventType.Reserved)
      return { used: state.used + 1, holders: { ...state.holders, [event.rewardId]: true } };
    const { [event.rewardId]: _gone, ...holders } = state.holders;
    return { used: state.used - 1, holders };
  },
  decide: decideQuota,
};
