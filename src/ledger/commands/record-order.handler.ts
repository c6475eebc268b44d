import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { customerIdFor } from '../customer-identity';
import { CustomerStreamCommands } from './ledger-command-context';
import { OrderLineItem } from '../domain/customer-events';

export interface OrderFacts {
  orderId: string;
  orderName: string | null;
  totalCents: number;
  currency: string | null;
  sourceName: string | null;
  lineItems: OrderLineItem[];
  platformCreatedAt: string | null;
}

/** orders/paid: the order counts toward the customer's order count and amount spent, once. */
export class RecordOrderCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly order: OrderFacts,
  ) {}
}

/** orders/cancelled. */
export class CancelOrderCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly orderId: string,
  ) {}
}

/** refunds/create. */
export class RecordRefundCommand {
  constructor(
    readonly shopId: string,
    readonly platformCustomerId: number,
    readonly orderId: string,
    readonly refundId: string,
    readonly amountCents: number,
  ) {}
}

@CommandHandler(RecordOrderCommand)
export class RecordOrderHandler implements ICommandHandler<RecordOrderCommand, { recorded: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, order }: RecordOrderCommand) {
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
      type: 'RecordOrder',
      meta,
      ...order,
    }));
    return { recorded: decision.events.length > 0 };
  }
}

@CommandHandler(CancelOrderCommand)
export class CancelOrderHandler implements ICommandHandler<CancelOrderCommand, { recorded: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, orderId }: CancelOrderCommand) {
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
      type: 'CancelOrder',
      meta,
      orderId,
    }));
    return { recorded: decision.events.length > 0 };
  }
}

@CommandHandler(RecordRefundCommand)
export class RecordRefundHandler implements ICommandHandler<RecordRefundCommand, { recorded: boolean }> {
  constructor(private readonly commands: CustomerStreamCommands) {}

  async execute({ shopId, platformCustomerId, orderId, refundId, amountCents }: RecordRefundCommand) {
    const decision = await this.commands.run(shopId, customerIdFor(shopId, platformCustomerId), (meta) => ({
      type: 'RecordRefund',
      meta,
      orderId,
      refundId,
      amountCents,
    }));
    return { recorded: decision.events.length > 0 };
  }
}
