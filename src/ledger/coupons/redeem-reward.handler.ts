import { Compensation, compensated, CouponMinting } from './mint-then-record';
import { Inject, Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { because } from '../../shared/domain/domain-error';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CommandMeta } from '../customer-stream';
import { CustomerCommand } from '../customer-ledger';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ActiveProgram, isActive } from '../../programs/domain/order-earning';
import { rewardOf } from '../../programs/kinds/spending-rule';
import { isImpactKind, redemptionOf } from '../../programs/kinds/kinds';
import { ImpactRedemptionPlan, RedeemedImpact, RedeemImpactRewardCommand } from './redeem-impact-reward.command';
import { SpendingRules } from '../../programs/kinds/spending-rule';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { RedemptionQuotas } from './redemption-quotas';
import { IdempotencyKeys } from '../idempotency-keys';
import { TransactionDoc } from '../read-models/ledger-read-models';
import { deterministicUuid } from '../../shared/domain/ids';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

export class RedeemRewardCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly programId: string,
    readonly quantity: number,
    readonly source: string,
    /** free_product rewards in `one` mode: the chosen gift variant. */
    readonly variantId: string | null = null,
    /** Idempotency-Key and the hash of the request: a retry never redeems twice. */
    readonly idempotency: { key: string; requestHash: string } | null = null,
  ) {}
}

export interface RedeemResult {
  rewardId: string;
  couponCode: string;
  pointsSpent: number;
  newPoint: number;
  /** An identical earlier request (same Idempotency-Key) already redeemed: this is its result. */
  replayed: boolean;
  /** An environmental-impact reward: the contribution and its status (`couponCode` is its ledger code). */
  impact?: RedeemedImpact;
}

/** Everything a redemption will do, decided from the program's rule before any step runs. */
interface RedemptionPlan {
  command: RedeemRewardCommand;
  customerId: string;
  program: ActiveProgram;
  rules: SpendingRules;
  points: number;
  rewardValue: number | null;
  entitledVariantIds: string[];
  rewardId: string;
  expiresAt: string | null;
}

/** What minting left on the commerce platform, and how to take it back. */
interface Minted {
  code: string;
  discountId: string | null;
  priceRuleId: string | null;
  undo: Compensation;
}

/**
 * Spends points on a spending program's reward: a saga of three steps, each with its compensation,
 * run only after the reward's own rules (active, quantity, points, gift) have passed:
 * 1. reserve: a slot of the program's shop-wide quota (its own stream, expected revision: never
 *    oversold); compensation: release the slot;
 * 2. mint: the coupon or store credit on the commerce platform (idempotent per reward id);
 *    compensation: disable the discount or reverse the credit;
 * 3. spend: the points, on the customer's stream under its expected revision, so two concurrent
 *    redemptions never spend the same points (the per-customer limit is checked there too).
 * A failed step undoes the ones before it (`compensated`), except on an idempotency conflict (the
 * same key with another body: the code and the slot belong to the first request).
 */
@CommandHandler(RedeemRewardCommand)
export class RedeemRewardHandler implements ICommandHandler<RedeemRewardCommand, RedeemResult> {
  private readonly logger = new Logger('Redemption');

  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly quotas: RedemptionQuotas,
    private readonly catalog: ProgramCatalog,
    private readonly shops: ShopDirectory,
    private readonly keys: IdempotencyKeys,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    private readonly metas: CommandMetas,
    private readonly bus: CommandBus,
    private readonly coupons: CouponMinting,
  ) {}

  async execute(command: RedeemRewardCommand): Promise<RedeemResult> {
    const { shopId, idempotency } = command;
    const customerId = customerIdFor(shopId, command.platformCustomerId);
    // A retry of a redemption already made answers with it before anything is minted again.
    const earlier = idempotency ? await this.keys.earlier(shopId, customerId, idempotency) : null;
    if (earlier) return this.replayOf(shopId, idempotency!.key, earlier);
    const plan = await this.plan(command, customerId);
    // An impact reward mints nothing on the platform: it is spent first, then sent to its provider.
    if (isImpactKind(plan.program.event)) return this.redeemImpact(plan);
    await this.check(plan);
    const release = await this.reserve(plan);
    return compensated(
      async () => {
        const minted = await this.mint(plan);
        return compensated(() => this.spend(plan, minted), minted.undo, this.logger);
      },
      release,
      this.logger,
    );
  }

  /** The program's rule applied to the request: every refusal of the reward's own rules comes from here. */
  private async plan(command: RedeemRewardCommand, customerId: string): Promise<RedemptionPlan> {
    const { shopId, programId, quantity, variantId, idempotency } = command;
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId && p.kind === 'spending');
    if (!program) throw because.notFound('Program');
    // The redemption's time and reward id (the points' command gets its own meta when it is decided).
    const { occurredAt: now, newId } = this.metas.for(shopId);
    if (!isActive(program, now)) throw because.invalidProgram(`Program ${programId} is not available`);
    const rules = rewardOf(program.settings.spending);
    const redemption = redemptionOf(program.event);
    const points = redemption.points(rules, quantity);
    const entitledVariantIds = redemption.giftVariants(rules, variantId);
    return {
      command,
      customerId,
      program,
      rules,
      points,
      rewardValue: redemption.value(rules, quantity),
      entitledVariantIds,
      // With a key, the reward id is the key's: the quota slot and the platform code of a retry are the same ones.
      rewardId: idempotency ? deterministicUuid(shopId, 'redeem', idempotency.key) : newId(),
      expiresAt: redemption.expiresAt(rules, now),
    };
  }

  /** An impact reward's steps (spend, send, settle): the impact policy's handler (ledger/impact) runs them. */
  private redeemImpact({
    command,
    customerId,
    program,
    rules,
    points,
    rewardId,
  }: RedemptionPlan): Promise<RedeemResult> {
    const plan: ImpactRedemptionPlan = {
      shopId: command.shopId,
      customerId,
      program,
      rules,
      points,
      quantity: command.quantity,
      impactId: rewardId,
      source: command.source,
      idempotency: command.idempotency,
    };
    return this.bus.execute(new RedeemImpactRewardCommand(plan));
  }

  /** Step 1: a slot of the shop-wide quota, if the program has one; returns its compensation (null: none). */
  private async reserve({ command, rules, rewardId }: RedemptionPlan): Promise<Compensation | null> {
    const quota = rules.totalLimitationRedeem;
    if (!quota) return null;
    const { shopId, programId } = command;
    await this.quotas.reserve(shopId, programId, rewardId, quota);
    return {
      what: `Could not release a quota slot of ${programId}`,
      run: () => this.quotas.release(shopId, programId, rewardId),
    };
  }

  /**
   * Before any step: the spend decided on the customer's current state (balance, per-customer limit,
   * membership), so a redemption that would be refused leaves no coupon or credit on the platform.
   */
  private check(plan: RedemptionPlan): Promise<void> {
    const notYetMinted: Minted = {
      code: `unminted-${plan.rewardId}`,
      discountId: null,
      priceRuleId: null,
      undo: { what: 'nothing minted', run: async () => {} },
    };
    return this.commands.precheck(plan.command.shopId, plan.customerId, (meta) =>
      this.spendCommand(plan, notYetMinted, meta),
    );
  }

  /** The customer-stream command that spends the points for the minted reward. */
  private spendCommand(plan: RedemptionPlan, minted: Minted, meta: CommandMeta): CustomerCommand {
    const { command, program, rules, points, rewardId, rewardValue } = plan;
    return {
      type: 'RedeemReward',
      meta,
      program: { programId: command.programId, programTitle: program.settings.title, event: program.event },
      points,
      quantity: command.quantity,
      source: command.source,
      limitPerCustomer: rules.limitRedeem,
      idempotency: command.idempotency,
      reward: {
        rewardId,
        couponCode: minted.code,
        discountId: minted.discountId,
        priceRuleId: minted.priceRuleId,
        rewardType: rules.rewardType,
        rewardValue,
        redeemType: rules.redeemType,
        orderReqAmount: rules.orderReqAmount,
        expiresAt: plan.expiresAt,
        programDescription: program.settings.description || null,
        ...(plan.entitledVariantIds.length ? { giftVariantIds: plan.entitledVariantIds } : {}),
      },
    };
  }

  /** Step 3: the points, on the customer's stream (per-customer limit and balance checked again there). */
  private async spend(plan: RedemptionPlan, minted: Minted): Promise<RedeemResult> {
    const { points, rewardId } = plan;
    const decision = await this.commands.run(plan.command.shopId, plan.customerId, (meta) =>
      this.spendCommand(plan, minted, meta),
    );
    // No event: a concurrent identical request got there first; answer with what it recorded.
    if (decision.events.length === 0) {
      const recorded = Object.entries(decision.after.coupons).find(([, c]) => c.rewardId === rewardId);
      return {
        rewardId,
        couponCode: recorded?.[0] ?? minted.code,
        pointsSpent: recorded?.[1].points ?? points,
        newPoint: decision.after.points,
        replayed: true,
      };
    }
    return { rewardId, couponCode: minted.code, pointsSpent: points, newPoint: decision.after.points, replayed: false };
  }

  private replayOf(shopId: string, key: string, earlier: TransactionDoc): RedeemResult {
    return {
      rewardId: deterministicUuid(shopId, 'redeem', key),
      couponCode: earlier.couponCode ?? '',
      pointsSpent: earlier.spendPoint,
      newPoint: earlier.newPoint,
      replayed: true,
    };
  }

  /** Step 2: a discount code, or store credit (its platform reference stands in for the code). */
  private async mint({
    command,
    rules,
    rewardId,
    rewardValue,
    program,
    expiresAt,
    ...plan
  }: RedemptionPlan): Promise<Minted> {
    const { shopId, platformCustomerId } = command;
    if (rules.rewardType === 'store_credit') {
      const currency = (await this.shops.byId(shopId))?.currency ?? 'USD';
      const credit = await this.platform.issueStoreCredit({
        shopId,
        rewardId,
        platformCustomerId,
        amount: rewardValue ?? 0,
        currency,
      });
      return {
        code: credit.reference,
        discountId: null,
        priceRuleId: null,
        undo: {
          what: `Could not reverse ${credit.reference}`,
          run: () => this.platform.reverseStoreCredit(shopId, credit.reference),
        },
      };
    }
    const discount = await this.platform.createDiscount({
      shopId,
      rewardId,
      rewardType: rules.rewardType,
      rewardValue,
      title: program.settings.title,
      platformCustomerId,
      orderReqAmount: rules.orderReqAmount,
      expiresAt,
      combinedWith: rules.combinedWith,
      entitledVariantIds: plan.entitledVariantIds,
      ...redemptionOf(program.event).entitledScope(rules),
    });
    return { ...discount, undo: this.coupons.disabling(shopId, [discount.code]) };
  }
}
