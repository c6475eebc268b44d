/** A tier as the customer ledger needs it: where it sits on the ladder and what entering it pays. */
export interface TierRung {
  id: string;
  name: string;
  targetPoint: number;
  /** Bonus points the tier pays on entry when rewards are triggered (its paying bonus_point rewards). */
  bonusPoints?: number;
  /** The tier rewards those points come from (recorded with the payment). */
  bonusRewardIds?: string[];
}
