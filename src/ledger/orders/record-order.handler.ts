import { ShopDirectory } from '../../shops/shop-directory';
import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CustomerEventType, OrderDetails, PointsAwarded } from '../customer-events';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ActiveProgram, orderEarningRule } from '../../programs/domain/order-earning';
import { TierLadderReader } from '../../tiers/tier-ladder.reader';
import { isPaidBy } from '../../programs/kinds/kinds';
import { orderFingerprints } from '../referrals/domain/friend-identity';
import { ReferralUses } from '../referrals/referral-uses';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

export interface OrderFacts extends OrderDetails {
  /** Discount codes used at checkout (a coupon bought with points becomes used). */
  discountCodes?: string[];
  /** Bought without a customer account: programs with skipEarnPointGuest pay nothing. */
  guest?: boolean;
  /** Referral codes the order landed with (the storefront's `?ref=`, a note attribute). */
  landingCodes?: string[];
  /** The order's subtotal (a referral's qualifying minimum); absent: its total. */
  subtotalCents?: number;
  /** Its shipping and billing addresses as comparable lines, and the platform's payment fingerprint if any. */
  addresses?: string[];
  paymentFingerprint?: string | null;
}

/** orders/paid: the order counts toward the customer's order count and amount spent, once. */
export class RecordOrderCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly order: OrderFacts,
  ) {}
}

/** orders/cancelled. */
export class CancelOrderCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly orderId: string,
  ) {}
}

/** refunds/create. */
export class RecordRefundCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: PlatformCustomerId,
    readonly orderId: string,
    readonly refundId: string,
    readonly amountCents: number,
  ) {}
}

@CommandHandler(RecordOrderCommand)
export class RecordOrderHandler implements ICommandHandler<
  RecordOrderCommand,
  { recorded: boolean; pointsEarned: number }
> {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly programs: ProgramCatalog,
    private readonly tiers: TierLadderReader,
    private readonly shops: ShopDirectory,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    private readonly referrals: ReferralUses,
  ) {}

  async execute({ shopId, platformCustomerId, order: paid }: RecordOrderCommand) {
    const customerId = customerIdFor(shopId, platformCustomerId);
    const programs = await this.programs.forShop(shopId);
    const order = await this.withCollections(shopId, paid, programs);
    const rungs = await this.tiers.rungs(shopId);
    const earningLimit = await this.shops.earningLimit(shopId);
    const fingerprints = orderFingerprints(shopId, paid.addresses ?? [], paid.paymentFingerprint);
    // A code the order came with, or a claim of the customer's email (read before the decision).
    const use = await this.referrals.ofOrder(shopId, customerId, paid);
    const { landingCodes: _l, subtotalCents, addresses: _a, paymentFingerprint: _p, ...details } = order;
    const decision = await this.commands.run(shopId, customerId, (meta, state) => ({
      type: 'RecordOrder',
      meta,
      ...details,
      fingerprints,
      referral: { use, subtotalCents: subtotalCents ?? order.totalCents, fingerprints },
      // The rule in force when the order is recorded, at the customer's tier rate.
      earning: orderEarningRule(programs, meta.occurredAt, order.sourceName, state.tierId, {
        guest: order.guest ?? false,
      }),
      tiers: rungs,
      earningLimit,
    }));
    const awarded = decision.events.find((e): e is PointsAwarded => e.type === CustomerEventType.PointsAwarded);
    return { recorded: decision.events.length > 0, pointsEarned: awarded?.points ?? 0 };
  }

  /** Line items get their collections, only when an order program is scoped to collections. */
  private async withCollections(shopId: string, order: OrderFacts, programs: ActiveProgram[]): Promise<OrderFacts> {
    const scoped = programs.some(
      (p) =>
        isPaidBy(p.event, 'order') && (p.settings.includeCollections?.length || p.settings.excludeCollections?.length),
    );
    const productIds = order.lineItems.map((l) => l.productId).filter((id): id is string => id !== null);
    if (!scoped || productIds.length === 0) return order;
    const memberships = await this.platform.collectionsOf(shopId, productIds);
    return {
      ...order,
      lineItems: order.lineItems.map((l) => ({
        ...l,
        collectionIds: l.productId ? (memberships[l.productId] ?? []) : [],
      })),
    };
  }
}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand, { recorded: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, orderId }: CancelOrderCommand) {
    return {
      recorded: await this.commands.recordsAny(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
        type: 'CancelOrder',
        meta,
        orderId,
      })),
    };
  }
}

@CommandHandler(RecordRefundCommand)
export class RecordRefundHandler implements ICommandHandler<RecordRefundCommand, { recorded: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, orderId, refundId, amountCents }: RecordRefundCommand) {
    return {
      recorded: await this.commands.recordsAny(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
        type: 'RecordRefund',
        meta,
        orderId,
        refundId,
        amountCents,
      })),
    };
  }
}
