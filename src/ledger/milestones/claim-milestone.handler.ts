import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMBINED_WITH_NOTHING, CouponMinting } from '../coupons/mint-then-record';
import { ActiveProgram } from '../../programs/domain/order-earning';
import { ProgramCatalog } from '../../programs/program-catalog';
import { DomainError, because } from '../../shared/domain/domain-error';
import { deterministicUuid } from '../../shared/domain/ids';
import { ShopDirectory } from '../../shops/shop-directory';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { customerLedger } from '../customer-ledger';
import { CustomerState } from '../customer-state';
import { CommandMeta } from '../customer-stream';
import { CustomerStreamCommands } from '../customer-stream.commands';
import {
  CustomerEvent,
  CustomerEventType as T,
  GrantedMilestoneReward,
  MilestoneGiftChosen,
  MilestoneStepClaimed,
  RewardCoupon,
} from '../customer-events';
import { claimKeyOf } from './domain/ladder-states';
import { findMilestoneProgram, ladderOf } from './domain/milestone-programs';
import { ClaimMilestoneStep, MilestoneProgramRef, needsCoupon } from './domain/milestones.decisions';

/** What a storefront sends to claim a step, either route. */
export interface MilestoneClaimRequest {
  programId: string;
  /** Per-program route: the step's claim key. Flat route: null, the step is named by milestoneValue (and stepType). */
  claimKey: string | null;
  milestoneValue?: number;
  stepType?: string | null;
  /** Indexes into the step's rewards; null: the whole step. */
  selectedRewardIds: number[] | null;
  /** Reward index (as text) -> chosen variant. */
  variantIds: Record<string, string>;
  /** A gift of several variants with none sent is granted with its choice owed (the flat route without a choice). */
  deferGiftChoice: boolean;
  /** The flat route: a program not found is 404. */
  flat: boolean;
}

export class ClaimMilestoneCommand {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly request: MilestoneClaimRequest,
    readonly source: string,
  ) {}
}

export interface MilestoneClaimOutcome {
  program: ActiveProgram;
  ladder: MilestoneProgramRef;
  claimKey: string;
  claimed: MilestoneStepClaimed | null;
  chosen: MilestoneGiftChosen | null;
  after: CustomerState;
}

/**
 * A claim of a milestone step by the token's customer. The saga: decide once without recording (every
 * refusal: INVALID_STEP, NOT_CLAIMABLE, INVALID_SELECTION, GIFT_*), mint the coupons of the discounts
 * and chosen gifts through the commerce platform (ids derived from customer, step and reward, so a
 * retry or a second tap mints the same code; a failure is CLAIM_FAILED and nothing is granted), then
 * decide again and record under the stream's expected revision: of two taps, one grants.
 */
@CommandHandler(ClaimMilestoneCommand)
export class ClaimMilestoneHandler implements ICommandHandler<ClaimMilestoneCommand, MilestoneClaimOutcome> {
  constructor(
    private readonly catalog: ProgramCatalog,
    private readonly commands: CustomerStreamCommands,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
    private readonly coupons: CouponMinting,
  ) {}

  async execute({ shopId, customerId, request, source }: ClaimMilestoneCommand): Promise<MilestoneClaimOutcome> {
    const at = this.commands.meta(shopId, customerId).occurredAt;
    const programs = await this.catalog.forShop(shopId);
    const program = findMilestoneProgram(programs, request.programId, at, request.flat ? 404 : 400);
    const ladder = ladderOf(program);
    const claimKey = request.claimKey ?? flatClaimKey(ladder, request);
    const [rungs, earningLimit] = await Promise.all([this.tiers.rungs(shopId), this.shops.earningLimit(shopId)]);
    const build =
      (coupons?: Record<string, RewardCoupon>) =>
      (meta: CommandMeta): ClaimMilestoneStep => ({
        type: 'ClaimMilestoneStep',
        meta,
        program: ladder,
        claimKey,
        selectedRewardIds: request.selectedRewardIds,
        variantIds: request.variantIds,
        deferGiftChoice: request.deferGiftChoice,
        giftField: request.flat ? 'variantIdsSelected' : 'variantIds',
        source,
        tiers: rungs,
        earningLimit,
        coupons,
      });
    const state = await this.commands.state(shopId, customerId);
    const planned = customerLedger.decide(build()(this.commands.meta(shopId, customerId)), state);
    const coupons = await this.mint(state, ladder, claimKey, planned);
    const decision = await this.commands.run(shopId, customerId, build(coupons));
    return {
      program,
      ladder,
      claimKey,
      claimed: decision.events.find((e): e is MilestoneStepClaimed => e.type === T.MilestoneStepClaimed) ?? null,
      chosen: decision.events.find((e): e is MilestoneGiftChosen => e.type === T.MilestoneGiftChosen) ?? null,
      after: decision.after,
    };
  }

  /** The coupons the planned grant needs, minted under ids of (customer, step, reward). */
  private async mint(
    state: CustomerState,
    ladder: MilestoneProgramRef,
    claimKey: string,
    planned: CustomerEvent[],
  ): Promise<Record<string, RewardCoupon>> {
    const coupons: Record<string, RewardCoupon> = {};
    for (const reward of couponRewards(planned)) {
      const rewardId = deterministicUuid(
        state.shopId!,
        state.customerId!,
        ladder.programId,
        claimKey,
        String(reward.index),
      );
      const terms = couponTermsOf(reward);
      try {
        const request = {
          ...{ shopId: state.shopId!, rewardId, rewardType: terms.rewardType, rewardValue: terms.rewardValue },
          ...{ orderReqAmount: null, expiresAt: null, title: `${ladder.programTitle}: ${terms.rewardType}` },
          platformCustomerId: state.platformCustomerId!,
          combinedWith: COMBINED_WITH_NOTHING,
          entitledVariantIds: reward.variantId ? [reward.variantId] : [],
        };
        const { rewardType, rewardValue, orderReqAmount, expiresAt } = request;
        const gift = reward.variantId ? { giftVariantIds: [reward.variantId] } : {};
        const recorded = { rewardType, rewardValue, redeemType: 'fixed', orderReqAmount, expiresAt, ...gift };
        // Recorded by the claim's decision below; a refused claim keeps its codes for the retry (same ids).
        coupons[String(reward.index)] = await this.coupons.mint(request, { ...recorded, programDescription: null });
      } catch (error) {
        if (error instanceof DomainError && error.code === 'PLATFORM_UNAVAILABLE')
          throw because.claimFailed(error.message);
        throw because.claimFailed(`The reward could not be granted: ${(error as Error).message}`);
      }
    }
    return coupons;
  }
}

/** The flat route's step: the one of that value (and type, on a mixed ladder). */
function flatClaimKey(ladder: MilestoneProgramRef, request: MilestoneClaimRequest): string {
  const step = ladder.steps.find(
    (s) =>
      s.value === request.milestoneValue &&
      (!request.stepType || (s.stepType ?? ladder.typeMilestone) === request.stepType),
  );
  if (!step) throw because.invalidStep(`Program ${ladder.programId} has no step ${request.milestoneValue}`);
  return claimKeyOf(ladder.programId, ladder.typeMilestone, step);
}

/** The rewards of a planned claim (or gift choice) that a coupon makes real. */
function couponRewards(
  planned: CustomerEvent[],
): Array<Pick<GrantedMilestoneReward, 'index' | 'action' | 'amount' | 'percent' | 'variantId'>> {
  const out = [];
  for (const e of planned) {
    if (e.type === T.MilestoneStepClaimed) out.push(...e.rewards.filter(needsCoupon));
    if (e.type === T.MilestoneGiftChosen)
      for (const [index, variantId] of Object.entries(e.variantIds))
        out.push({ index: Number(index), action: 'free_gift', amount: null, percent: null, variantId });
  }
  return out;
}

/** The commerce platform's discount for a reward action. */
function couponTermsOf(reward: Pick<GrantedMilestoneReward, 'action' | 'amount' | 'percent'>) {
  switch (reward.action) {
    case 'amount_discount':
      return { rewardType: 'fixed_amount', rewardValue: reward.amount };
    case 'percentage_discount':
      return { rewardType: 'percentage', rewardValue: reward.percent };
    case 'free_shipping':
      return { rewardType: 'free_shipping', rewardValue: null };
    default:
      return { rewardType: 'free_product', rewardValue: null };
  }
}
