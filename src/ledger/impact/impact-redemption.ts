import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because } from '../../shared/domain/domain-error';
import { CustomerStreamCommands } from '../customer-stream.commands';
import {
  ImpactRedemptionPlan,
  RedeemedImpact,
  RedeemImpactRewardCommand,
} from '../coupons/redeem-impact-reward.command';
import { ImpactRule } from '../../programs/kinds/impact-rule';
import {
  IMPACT_PROVIDER,
  ImpactContribution,
  ImpactProvider,
  ImpactProviderError,
} from '../../infrastructure/impact-provider/impact-provider.port';
import { impactCouponCode } from './domain/impact.decisions';
import { ProviderOutcome } from './domain/impact-status';
import { ImpactOutcomeResult, RecordImpactOutcomeCommand } from './record-impact-outcome.handler';

export interface ImpactRedeemResult {
  rewardId: string;
  couponCode: string;
  pointsSpent: number;
  newPoint: number;
  replayed: boolean;
  impact: RedeemedImpact;
}

/**
 * An impact reward's redemption, the saga's steps for it: 1. spend: the points and the contribution
 * (pending) recorded on the customer's stream, every check that can refuse done there; 2. send: the
 * contribution to the provider, only now; 3. settle: the provider's answer recorded (a failure
 * returns the points once; a status is kept as sent). A crash between 1 and 3 leaves it pending:
 * ImpactResend sends it again (the same contribution id, so the provider counts it once).
 */
@CommandHandler(RedeemImpactRewardCommand)
export class ImpactRedemption implements ICommandHandler<RedeemImpactRewardCommand, ImpactRedeemResult> {
  private readonly logger = new Logger('ImpactRedemption');

  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly bus: CommandBus,
    @Inject(IMPACT_PROVIDER) private readonly provider: ImpactProvider,
  ) {}

  async execute({ plan }: RedeemImpactRewardCommand): Promise<ImpactRedeemResult> {
    const rule = plan.program.settings.impact;
    if (!rule) throw because.invalidProgram(`Program ${plan.program.id} has no impact settings`);
    const spent = await this.spend(plan, rule);
    const contribution = spent.after.impacts[plan.impactId];
    const quantity = rule.quantity * plan.quantity;
    const impact = { id: plan.impactId, provider: rule.provider, unit: rule.unit, quantity, status: 'pending' };
    const result = {
      rewardId: plan.impactId,
      couponCode: impactCouponCode(plan.impactId),
      pointsSpent: plan.points,
      newPoint: spent.after.points,
      replayed: spent.events.length === 0,
      impact,
    };
    // A retry answers with the contribution as it stands: it was sent by the first request.
    if (result.replayed) return { ...result, impact: { ...impact, status: contribution?.status ?? 'pending' } };
    const settled = await this.send(plan, rule, quantity);
    return { ...result, newPoint: settled.points, impact: { ...impact, status: settled.status } };
  }

  private spend(plan: ImpactRedemptionPlan, rule: ImpactRule) {
    const { program, rules } = plan;
    return this.commands.run(plan.shopId, plan.customerId, (meta) => ({
      type: 'RedeemImpact',
      meta,
      program: { programId: program.id, programTitle: program.settings.title, event: program.event },
      points: plan.points,
      quantity: plan.quantity,
      impactId: plan.impactId,
      rule: { provider: rule.provider, unit: rule.unit, quantity: rule.quantity },
      source: plan.source,
      limitPerCustomer: rules.limitRedeem,
      idempotency: plan.idempotency,
    }));
  }

  /** Sends the recorded contribution and records the provider's answer (a failure as `failed`). */
  private async send(plan: ImpactRedemptionPlan, rule: ImpactRule, quantity: number): Promise<ImpactOutcomeResult> {
    const outcome = await sendContribution(this.provider, this.logger, {
      shopId: plan.shopId,
      customerRef: plan.customerId,
      contributionId: plan.impactId,
      provider: rule.provider,
      unit: rule.unit,
      quantity,
    });
    return this.bus.execute(new RecordImpactOutcomeCommand(plan.shopId, plan.customerId, plan.impactId, outcome));
  }
}

/** Sends a contribution; what the provider answered, or its failure (any failure returns the points). */
export async function sendContribution(
  provider: ImpactProvider,
  logger: Logger,
  contribution: ImpactContribution,
): Promise<ProviderOutcome> {
  try {
    const receipt = await provider.contribute(contribution);
    return { kind: 'answered', status: receipt.status };
  } catch (error) {
    // Any failure to send (not only the adapter's ImpactProviderError) returns the points.
    const reason = error instanceof ImpactProviderError ? error.message : `unexpected: ${String(error)}`;
    logger.warn(`Impact contribution ${contribution.contributionId} failed: ${reason}`);
    return { kind: 'failed', reason };
  }
}
