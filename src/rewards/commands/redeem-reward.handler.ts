import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { because, DomainError } from '../../shared/domain/domain-error';
import { customerIdFor } from '../../ledger/customer-identity';
import { CustomerStreamCommands } from '../../ledger/commands/ledger-command-context';
import { ProgramCatalog } from '../../programs/program-catalog';
import { isActive } from '../../programs/domain/order-earning';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../platform/commerce/commerce-platform.port';

export class RedeemRewardCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly programId: string,
    readonly quantity: number,
    readonly source: string,
  ) {}
}

export interface RedeemResult {
  rewardId: string;
  couponCode: string;
  pointsSpent: number;
  newPoint: number;
}

/**
 * Spends points on a spending program's reward. The coupon is minted first (idempotent per reward
 * id), then the points are taken on the customer's stream under its expected revision, so two
 * concurrent redemptions never spend the same points; a redemption that then finds too few points
 * disables the code it minted.
 */
@CommandHandler(RedeemRewardCommand)
export class RedeemRewardHandler implements ICommandHandler<RedeemRewardCommand, RedeemResult> {
  private readonly logger = new Logger('Redemption');

  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly catalog: ProgramCatalog,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ shopId, platformCustomerId, programId, quantity, source }: RedeemRewardCommand): Promise<RedeemResult> {
    const program = (await this.catalog.forShop(shopId)).find((p) => p.id === programId && p.kind === 'spending');
    if (!program) throw because.notFound('Program');
    const now = this.clock.now();
    if (!isActive(program, now.toISOString())) throw new DomainError('INVALID_PROGRAM', `Program ${programId} is not available`, 400);
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 1000) throw because.badRequest('quantity must be an integer from 1 to 1000', { field: 'quantity' });
    const sp = program.settings.spending as {
      pointsCost: number;
      redeemType?: string;
      rewardType?: string;
      rewardValue?: number;
      minPoints?: number | null;
      maxPoints?: number | null;
      orderReqAmount?: string | null;
      expiresInDays?: number | null;
    };
    const points = sp.pointsCost * quantity;
    // Dynamic rewards: quantity is the number of steps; the total must stay within minPoints..maxPoints.
    if (sp.redeemType === 'dynamic') {
      if (sp.minPoints && points < sp.minPoints) throw because.badRequest(`at least ${sp.minPoints} points must be redeemed`, { field: 'quantity' });
      if (sp.maxPoints && points > sp.maxPoints) throw because.badRequest(`at most ${sp.maxPoints} points can be redeemed`, { field: 'quantity' });
    }
    // quantity x the reward, as one coupon (a fixed reward bought twice is worth twice as much).
    const rewardValue = sp.rewardValue === undefined ? null : sp.rewardValue * quantity;
    const rewardId = this.ids.next();
    const expiresAt = sp.expiresInDays ? new Date(now.getTime() + sp.expiresInDays * 86_400_000).toISOString() : null;
    const discount = await this.platform.createDiscount({
      shopId,
      rewardId,
      rewardType: sp.rewardType ?? program.event,
      rewardValue,
      orderReqAmount: sp.orderReqAmount ?? null,
      expiresAt,
      title: program.settings.title,
    });
    try {
      const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
        type: 'RedeemReward',
        meta,
        program: { programId, programTitle: program.settings.title, event: program.event },
        points,
        quantity,
        source,
        reward: {
          rewardId,
          couponCode: discount.code,
          discountId: discount.discountId,
          priceRuleId: discount.priceRuleId,
          rewardType: sp.rewardType ?? program.event,
          rewardValue,
          redeemType: sp.redeemType ?? 'fixed',
          orderReqAmount: sp.orderReqAmount ?? null,
          expiresAt,
          programDescription: program.settings.description || null,
        },
      }));
      return { rewardId, couponCode: discount.code, pointsSpent: points, newPoint: decision.after.points };
    } catch (error) {
      await this.platform.disableDiscount(shopId, discount.code).catch((e) => this.logger.error(`Could not disable ${discount.code}: ${e}`));
      throw error;
    }
  }
}
