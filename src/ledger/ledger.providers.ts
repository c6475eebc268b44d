import { EraseCustomerHandler } from './erasure/erase-customer.handler';
import { Capability, scheduled } from '../capability';
import { CustomerStreamCommands } from './customer-stream.commands';
import { EnrolCustomerHandler } from './enrolment/enrol-customer.handler';
import { UpdateCustomerProfileHandler } from './enrolment/update-customer-profile.handler';
import { JoinProgramHandler, LeaveProgramHandler } from './enrolment/join-program.handler';
import { UpdateContactHandler } from './enrolment/update-contact.handler';
import { SetBirthdayHandler } from './birthday/set-birthday.handler';
import { EarnPeriodicHandler } from './birthday/earn-periodic.handler';
import { BirthdayRewards } from './birthday/birthday-rewards.scheduler';
import { ChangePointsHandler } from './points/change-points.handler';
import { CancelOrderHandler, RecordOrderHandler, RecordRefundHandler } from './orders/record-order.handler';
import { PendingPointsRelease } from './held-points/pending-points-release.scheduler';
import { ReleasePendingPointsHandler } from './held-points/release-pending-points.handler';
import { ListCustomersHandler } from './queries/list-customers.handler';
import { ListTransactionsHandler } from './queries/list-transactions.handler';
import { GetTransactionHandler } from './queries/get-transaction.query';
import { GetRewardHandler, ListRewardsHandler } from './queries/rewards.query';
import { CustomerLookup } from './queries/customer-lookup';
import { FindCustomerHandler, FindNamedCustomerHandler } from './queries/find-customer.query';
import { GetCustomerHandler } from './queries/get-customer.query';
import { IdempotencyKeys } from './idempotency-keys';
import { CalculateCartPointsHandler } from './queries/calculate-cart-points.query';
import { CustomerTierMembers } from './queries/tier-members';
import { TIER_MEMBERS } from '../tiers/tier-members.port';
import { CustomerViewProjection } from './projections/customer-view.projection';
import { TransactionViewProjection } from './projections/transaction-view.projection';
import { ROW_DETAILS } from './projections/transaction-rows';
import { LedgerRowDetails } from './recorded-details';
import { RewardViewProjection } from './projections/reward-view.projection';
import { CustomersController } from './http/customers.controller';
import { TransactionsController } from './http/transactions.controller';
import { RewardsController } from './http/rewards.controller';
import { ChooseBirthdayRewards } from './birthday/choose-birthday-rewards';

export const LEDGER: Capability = {
  providers: [
    CustomerStreamCommands,
    EraseCustomerHandler,
    EnrolCustomerHandler,
    UpdateCustomerProfileHandler,
    JoinProgramHandler,
    LeaveProgramHandler,
    UpdateContactHandler,
    SetBirthdayHandler,
    EarnPeriodicHandler,
    BirthdayRewards,
    ChangePointsHandler,
    RecordOrderHandler,
    CancelOrderHandler,
    RecordRefundHandler,
    ReleasePendingPointsHandler,
    PendingPointsRelease,
    ChooseBirthdayRewards,
    ListCustomersHandler,
    ListTransactionsHandler,
    GetTransactionHandler,
    ListRewardsHandler,
    GetRewardHandler,
    GetCustomerHandler,
    FindCustomerHandler,
    FindNamedCustomerHandler,
    CustomerLookup,
    IdempotencyKeys,
    CalculateCartPointsHandler,
    { provide: TIER_MEMBERS, useClass: CustomerTierMembers },
    { provide: ROW_DETAILS, useClass: LedgerRowDetails },
  ],
  projections: [CustomerViewProjection, TransactionViewProjection, RewardViewProjection],
  controllers: [CustomersController, TransactionsController, RewardsController],
  background: [
    scheduled(BirthdayRewards, (config) => config.birthdayCheckMs),
    scheduled(PendingPointsRelease, (config) => config.pendingReleaseCheckMs),
  ],
};
