import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../shared/domain/clock';
import { DecisionRunner } from '../event-sourcing/decision-runner';
import { customerLedger, CustomerCommand } from './customer-ledger';
import { CustomerState } from './customer-state';
import { CommandMeta, customerStreamId } from './customer-stream';

/** What every customer-stream handler does: build the command meta, run it on the customer's stream. */
@Injectable()
export class CustomerStreamCommands {
  constructor(
    readonly runner: DecisionRunner,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  meta(shopId: string, customerId: string): CommandMeta {
    return { shopId, customerId, occurredAt: this.clock.now().toISOString(), newId: () => this.ids.next() };
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
}
