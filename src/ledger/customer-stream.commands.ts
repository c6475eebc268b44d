import { Injectable } from '@nestjs/common';
import { CommandMetas } from '../event-sourcing/command-metas';
import { DecisionRunner } from '../event-sourcing/decision-runner';
import { customerLedger, CustomerCommand } from './customer-ledger';
import { CustomerState } from './customer-state';
import { CommandMeta, customerStreamId } from './customer-stream';

/** What every customer-stream handler does: build the command's meta, run it on the customer's stream. */
@Injectable()
export class CustomerStreamCommands {
  constructor(
    readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
  ) {}

  meta(shopId: string, customerId: string): CommandMeta {
    return { ...this.metas.for(shopId), customerId };
  }

  /** The customer's current state (for a check before a side effect; the decision checks again). */
  async state(shopId: string, customerId: string): Promise<CustomerState> {
    return (await this.runner.load(customerLedger, customerStreamId(shopId, customerId))).state;
  }

  /**
   * Decides the command on the customer's current state without recording anything: a refusal
   * (balance, limits, membership) is thrown here, before a side effect outside the service. The
   * decision at the append checks again, under the stream's expected revision.
   */
  async precheck(
    shopId: string,
    customerId: string,
    build: (meta: CommandMeta, state: CustomerState) => CustomerCommand,
  ): Promise<void> {
    const state = await this.state(shopId, customerId);
    customerLedger.decide(build(this.meta(shopId, customerId), state), state);
  }

  run(
    shopId: string,
    customerId: string,
    build: (meta: CommandMeta, state: CustomerState) => CustomerCommand | Promise<CustomerCommand>,
  ) {
    return this.runner.run(customerLedger, customerStreamId(shopId, customerId), (state) =>
      build(this.meta(shopId, customerId), state),
    );
  }

  /** Runs the command; whether it recorded anything (one already applied, such as a redelivery, records nothing). */
  async recordsAny(
    shopId: string,
    customerId: string,
    build: (meta: CommandMeta, state: CustomerState) => CustomerCommand | Promise<CustomerCommand>,
  ): Promise<boolean> {
    return (await this.run(shopId, customerId, build)).events.length > 0;
  }
}
