import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { because, DomainError } from '../../shared/domain/domain-error';
import { customerIdFor } from '../../ledger/customer-identity';
import { CustomerStreamCommands } from '../../ledger/commands/ledger-command-context';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { giftVariants, redemptionPoints, redemptionValue, spendingRules } from '../../programs/domain/spending-rules';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { redemptionQuota, redemptionQuotaStreamId } from '../domain/redemption-quota.decider';

export class RedeemRewardCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly programId: string,
    readonly quantity: number,
    readonly source: string,
    /** free_product rewards in `one` mode: the chosen gift variant. */
    readonly variantId: string | null = null,
  ) {}
}

export interface RedeemResult {
  rewardId: string;
  couponCode: string;
  pointsSpent: number;
  newPoint: number;
}

/**
 * Spends points on a spending program's reward. Order of steps, each undone if a later one fails:
 * 1. a slot of the program's shop-wide quota (its own stream, expected revision: never oversold);
 * 2. the coupon or store credit on the commerce platform (idempotent per reward id);
 * 3. the points, on the customer's stream under its expected revision, so two concurrent redemptions
 *    never spend the same points (the per-customer limit is checked there too).
 */
@CommandHandler(RedeemRewardCommand)
export class RedeemRewardHandler implements ICommandHandler<RedeemRewardCommand, RedeemResult> {
  private readonly logger = new Logger('Redemption');

  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly runner: DecisionRunner,
    private readonly catalog: ProgramCatalog,
    private readonly shops: ShopDirectory,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ shopId, platformCustomerId, programId, quantity, source, variantId }: RedeemRewardCommand): Promise<RedeemResult> {
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId && p.kind === 'spending');
    if (!program) throw because.notFound('Program');
    const now = this.clock.now();
    if (!isActive(program, now.toISOString())) throw new DomainError('INVALID_PROGRAM', `Program ${programId} is not available`, 400);
    const rules = spendingRules(program.settings.spending, program.event);
    const points = redemptionPoints(rules, quantity);
    const entitledVariantIds = giftVariants(rules, variantId);
    const rewardValue = redemptionValue(rules, quantity);
    const rewardId = this.ids.next();
    const expiresAt = rules.expiresInDays ? new Date(now.getTime() + rules.expiresInDays * 86_400_000).toISOString() : null;

    const quota = rules.totalLimitationRedeem;
    if (quota) await this.quota(shopId, programId, rewardId, quota);
    try {
      const minted = await this.mint(shopId, platformCustomerId, rewardId, rules.rewardType, rewardValue, program.settings.title, {
        orderReqAmount: rules.orderReqAmount,
        expiresAt,
        combinedWith: rules.combinedWith,
        entitledVariantIds,
      });
      try {
        const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
          type: 'RedeemReward',
          meta,
          program: { programId, programTitle: program.settings.title, event: program.event },
          points,
          quantity,
          source,
          limitPerCustomer: rules.limitRedeem,
          reward: {
            rewardId,
            couponCode: minted.code,
            discountId: minted.discountId,
            priceRuleId: minted.priceRuleId,
            rewardType: rules.rewardType,
            rewardValue,
            redeemType: rules.redeemType,
            orderReqAmount: rules.orderReqAmount,
            expiresAt,
            programDescription: program.settings.description || null,
            ...(entitledVariantIds.length ? { giftVariantIds: entitledVariantIds } : {}),
          },
        }));
        return { rewardId, couponCode: minted.code, pointsSpent: points, newPoint: decision.after.points };
      } catch (error) {
        await minted.undo().catch((e) => this.logger.error(`Could not undo ${minted.code}: ${e}`));
        throw error;
      }
    } catch (error) {
      if (quota) await this.releaseQuota(shopId, programId, rewardId).catch((e) => this.logger.error(`Could not release a quota slot of ${programId}: ${e}`));
      throw error;
    }
  }

  /** A discount code, or store credit (its platform reference stands in for the code). */
  private async mint(
    shopId: string,
    platformCustomerId: number,
    rewardId: string,
    rewardType: string,
    rewardValue: number | null,
    title: string,
    terms: { orderReqAmount: string | null; expiresAt: string | null; combinedWith: { orderDiscounts: boolean; productDiscounts: boolean; shippingDiscounts: boolean }; entitledVariantIds: string[] },
  ) {
    if (rewardType === 'store_credit') {
      const currency = (await this.shops.byId(shopId))?.currency ?? 'USD';
      const credit = await this.platform.issueStoreCredit({ shopId, rewardId, platformCustomerId, amount: rewardValue ?? 0, currency });
      return { code: credit.reference, discountId: null, priceRuleId: null, undo: () => this.platform.reverseStoreCredit(shopId, credit.reference) };
    }
    const discount = await this.platform.createDiscount({ shopId, rewardId, rewardType, rewardValue, title, platformCustomerId, ...terms });
    return { ...discount, undo: () => this.platform.disableDiscount(shopId, discount.code) };
  }

  private quota(shopId: string, programId: string, rewardId: string, limit: number) {
    return this.runner.run(redemptionQuota, redemptionQuotaStreamId(programId), () => ({
      type: 'ReserveRedemption' as const,
      eventId: this.ids.next(),
      occurredAt: this.clock.now().toISOString(),
      shopId,
      programId,
      rewardId,
      limit,
    }));
  }

  releaseQuota(shopId: string, programId: string, rewardId: string) {
    return this.runner.run(redemptionQuota, redemptionQuotaStreamId(programId), () => ({
      type: 'ReleaseRedemption' as const,
      eventId: this.ids.next(),
      occurredAt: this.clock.now().toISOString(),
      shopId,
      programId,
      rewardId,
    }));
  }
}
