import { Capability } from '../shared/capability';
import { ChangePointsHandler } from './commands/change-points.handler';
import { EnrolCustomerHandler } from './commands/enrol-customer.handler';
import { UpdateCustomerProfileHandler } from './commands/update-customer-profile.handler';
import { SetBirthdayHandler } from './commands/set-birthday.handler';
import { ChangeTierHandler } from './commands/change-tier.handler';
import { CancelOrderHandler, RecordOrderHandler, RecordRefundHandler } from './commands/record-order.handler';
import { CustomerStreamCommands } from './commands/ledger-command-context';
import { ListCustomersHandler } from './queries/list-customers.handler';
import { ListTransactionsHandler } from './queries/list-transactions.handler';
import { CustomerLookup } from './queries/customer-lookup';
import { IdempotencyKeys } from './queries/idempotency-keys';
import { CustomerViewProjection } from './projections/customer-view.projection';
import { TransactionViewProjection } from './projections/transaction-view.projection';
import { CustomersController } from './http/customers.controller';
import { TransactionsController } from './http/transactions.controller';

export const LEDGER: Capability = {
  providers: [
    CustomerStreamCommands,
    ChangePointsHandler,
    EnrolCustomerHandler,
    UpdateCustomerProfileHandler,
    SetBirthdayHandler,
    ChangeTierHandler,
    RecordOrderHandler,
    CancelOrderHandler,
    RecordRefundHandler,
    ListCustomersHandler,
    ListTransactionsHandler,
    CustomerLookup,
    IdempotencyKeys,
  ],
  projections: [CustomerViewProjection, TransactionViewProjection],
  controllers: [CustomersController, TransactionsController],
};
