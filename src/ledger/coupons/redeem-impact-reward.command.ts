import type { ActiveProgram } from '../../programs/domain/order-earning';
import type { SpendingRules } from '../../programs/kinds/spending-rule';

/** What the redemption saga decided before handing an impact reward over (see RedeemRewardHandler.plan). */
export interface ImpactRedemptionPlan {
  shopId: string;
  customerId: string;
  program: ActiveProgram;
  rules: SpendingRules;
  points: number;
  quantity: number;
  impactId: string;
  source: string;
  idempotency: { key: string; requestHash: string } | null;
}

/** An impact redemption's contribution, as the redeem answer shows it. */
export interface RedeemedImpact {
  id: string;
  provider: string;
  unit: string;
  quantity: number;
  status: string;
}

/**
 * An environmental-impact reward's redemption, handed by the redemption saga to the impact policy's
 * handler (ledger/impact/impact-redemption.ts): spent first, then sent to its provider.
 */
export class RedeemImpactRewardCommand {
  constructor(readonly plan: ImpactRedemptionPlan) {}
}
