import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { because, DomainError } from '../../shared/domain/domain-error';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { rewardOf } from '../../programs/kinds/spending-rule';
import { entitledScope, giftVariants, redemptionPoints, redemptionValue } from '../../programs/kinds/redemption';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { RedemptionQuotas } from './redemption-quotas';
import { IdempotencyKeys } from '../queries/idempotency-keys';
import { TransactionDoc } from '../read-models/ledger-read-models';
import { deterministicUuid } from '../../shared/domain/ids';

export class RedeemRewardCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
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
    private readonly quotas: RedemptionQuotas,
    private readonly catalog: ProgramCatalog,
    private readonly shops: ShopDirectory,
    private readonly keys: IdempotencyKeys,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    private readonly metas: CommandMetas,
  ) {}

  async execute({
    shopId,
    platformCustomerId,
    programId,
    quantity,
    source,
    variantId,
    idempotency,
  }: RedeemRewardCommand): Promise<RedeemResult> {
    const customerId = customerIdFor(shopId, platformCustomerId);
    // A retry of a redemption already made answers with it before anything is minted again.
    const earlier = idempotency ? await this.keys.earlier(shopId, customerId, idempotency) : null;
    if (earlier) return this.replayOf(shopId, idempotency!.key, earlier);
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId && p.kind === 'spending');
    if (!program) throw because.notFound('Program');
    // The redemption's time and reward id (the points' command gets its own meta when it is decided).
    const { occurredAt: now, newId } = this.metas.for(shopId);
    if (!isActive(program, now)) throw new DomainError('INVALID_PROGRAM', `Program ${programId} is not available`, 400);
    const rules = rewardOf(program.settings.spending);
    const points = redemptionPoints(rules, quantity);
    const entitledVariantIds = giftVariants(rules, variantId);
    const rewardValue = redemptionValue(rules, quantity);
    // With a key, the reward id is the key's: the quota slot and the platform code of a retry are the same ones.
    const rewardId = idempotency ? deterministicUuid(shopId, 'redeem', idempotency.key) : newId();
    const expiresAt = rules.expiresInDays
      ? new Date(Date.parse(now) + rules.expiresInDays * 86_400_000).toISOString()
      : null;

    const quota = rules.totalLimitationRedeem;
    if (quota) await this.quotas.reserve(shopId, programId, rewardId, quota);
    try {
      const minted = await this.mint(
        shopId,
        platformCustomerId,
        rewardId,
        rules.rewardType,
        rewardValue,
        program.settings.title,
        {
          orderReqAmount: rules.orderReqAmount,
          expiresAt,
          combinedWith: rules.combinedWith,
          entitledVariantIds,
          ...entitledScope(rules),
        },
      );
      try {
        const decision = await this.commands.run(shopId, customerId, (meta) => ({
          type: 'RedeemReward',
          meta,
          program: { programId, programTitle: program.settings.title, event: program.event },
          points,
          quantity,
          source,
          limitPerCustomer: rules.limitRedeem,
          idempotency,
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
        return {
          rewardId,
          couponCode: minted.code,
          pointsSpent: points,
          newPoint: decision.after.points,
          replayed: false,
        };
      } catch (error) {
        // The same key with another body: the code and the slot belong to the first request.
        if (error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT') throw error;
        await minted.undo().catch((e) => this.logger.error(`Could not undo ${minted.code}: ${e}`));
        throw error;
      }
    } catch (error) {
      if (error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT') throw error;
      if (quota)
        await this.quotas
          .release(shopId, programId, rewardId)
          .catch((e) => this.logger.error(`Could not release a quota slot of ${programId}: ${e}`));
      throw error;
    }
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

  /** A discount code, or store credit (its platform reference stands in for the code). */
  private async mint(
    shopId: string,
    platformCustomerId: number,
    rewardId: string,
    rewardType: string,
    rewardValue: number | null,
    title: string,
    terms: {
      orderReqAmount: string | null;
      expiresAt: string | null;
      combinedWith: { orderDiscounts: boolean; productDiscounts: boolean; shippingDiscounts: boolean };
      entitledVariantIds: string[];
      entitledProductIds: string[];
      entitledCollectionIds: string[];
    },
  ) {
    if (rewardType === 'store_credit') {
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
        undo: () => this.platform.reverseStoreCredit(shopId, credit.reference),
      };
    }
    const discount = await this.platform.createDiscount({
      shopId,
      rewardId,
      rewardType,
      rewardValue,
      title,
      platformCustomerId,
      ...terms,
    });
    return { ...discount, undo: () => this.platform.disableDiscount(shopId, discount.code) };
  }
}
