import { because } from '../../../shared/domain/domain-error';
import { CommandMeta } from '../../customer-stream';
import { EnrolledCustomer } from '../../customer-state';
import {
  CouponRefunded,
  couponRefunded,
  ImpactRecorded,
  impactRecorded,
  ImpactStatusChanged,
  impactStatusChanged,
  PointsRedeemed,
} from '../../customer-events';
import { RedeemReward, redeemReward } from '../../coupons/coupons.decisions';
import { pointsContext, PointsRequest } from '../../points/points.decisions';
import { couponProgramOf } from '../../coupons/coupons.state';
import type { ImpactRule } from '../../../programs/kinds/impact-rule';
import { impactOutcomeStatus, ProviderOutcome } from './impact-status';

/** The code an impact redemption's points are recorded under (its refund names it). */
export const impactCouponCode = (impactId: string) => `impact-${impactId}`;

/**
 * Environmental impact bought with points: the spend and the contribution decided together (the
 * balance, the per-customer limit and membership checked as every redemption's), then the
 * provider's outcome: a failure gives the points back once; any other status is kept as sent.
 */
export type ImpactCommand =
  | {
      type: 'RedeemImpact';
      meta: CommandMeta;
      program: { programId: string; programTitle: string; event: string };
      points: number;
      /** Redemptions bought: the contribution is this times the rule's quantity. */
      quantity: number;
      impactId: string;
      rule: ImpactRule;
      source: string;
      limitPerCustomer: number | null;
      idempotency: { key: string; requestHash: string } | null;
    }
  | { type: 'RecordImpactOutcome'; meta: CommandMeta; impactId: string; outcome: ProviderOutcome };

type Command<T extends ImpactCommand['type']> = Extract<ImpactCommand, { type: T }>;

/** The spend (as a redemption of the program, under the contribution's code) and the contribution, pending. */
export function redeemImpact(
  command: Command<'RedeemImpact'>,
  state: EnrolledCustomer,
): Array<PointsRedeemed | ImpactRecorded> {
  const { meta, program, points, impactId, rule } = command;
  const couponCode = impactCouponCode(impactId);
  const spend: RedeemReward = {
    type: 'RedeemReward',
    meta,
    program,
    points,
    quantity: command.quantity,
    source: command.source,
    limitPerCustomer: command.limitPerCustomer,
    idempotency: command.idempotency,
    reward: {
      rewardId: impactId,
      couponCode,
      discountId: null,
      priceRuleId: null,
      rewardType: 'impact',
      rewardValue: null,
      redeemType: 'fixed',
      orderReqAmount: null,
      expiresAt: null,
      programDescription: null,
    },
  };
  const spent = redeemReward(spend, state);
  // A retry of a redemption already recorded (same key and body) records nothing again.
  if (spent.length === 0) return [];
  const contribution = impactRecorded(meta, {
    impactId,
    couponCode,
    programId: program.programId,
    programTitle: program.programTitle,
    provider: rule.provider,
    unit: rule.unit,
    quantity: rule.quantity * command.quantity,
    points,
    status: 'pending',
  });
  return [...spent, contribution];
}

/**
 * The provider's outcome. A failure refunds the points (once: a contribution already refunded
 * changes nothing, however often the failure is reported); a status the contribution already has
 * changes nothing; any other status, known or not, is recorded as sent.
 */
export function recordOutcome(
  command: Command<'RecordImpactOutcome'>,
  state: EnrolledCustomer,
): Array<CouponRefunded | ImpactStatusChanged> {
  const { meta, impactId } = command;
  const impact = state.impacts[impactId];
  if (!impact) throw because.notFound('Impact contribution');
  if (impact.status === 'refunded') return [];
  const status = impactOutcomeStatus(command.outcome);
  if (status === impact.status) return [];
  const changed = impactStatusChanged(meta, { impactId, status, previousStatus: impact.status });
  if (status !== 'refunded') return [changed];
  const request: PointsRequest = { points: impact.points, source: 'impact_provider', event: 'impact_refunded' };
  const refund = couponRefunded(pointsContext(state, meta, request, state.points + impact.points), {
    points: impact.points,
    rewardId: impactId,
    couponCode: impact.couponCode,
    program: couponProgramOf(impact),
  });
  return [refund, changed];
}
