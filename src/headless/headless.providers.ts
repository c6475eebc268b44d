import { Capability } from '../capability';
import { IssueHeadlessTokenHandler } from './auth/issue-token.handler';
import { CustomerIdentityProofs } from './auth/customer-identity-proofs';
import { TokenController } from './auth/token.controller';
import { HeadlessEligibility } from './eligibility/headless-eligibility';
import { GetHeadlessCustomerHandler } from './customer/get-customer.query';
import { HeadlessCustomerController } from './customer/customer.controller';
import { JoinProgramController } from './membership/join-program.controller';
import { ShopConfigController } from './shop/shop-config.controller';
import { ListHeadlessProgramsHandler } from './programs/list-programs.query';
import { HeadlessShopContext } from './programs/headless-shop-context';
import { ListHeadlessActivitiesHandler } from './activities/list-activities.query';
import { ActivitiesController } from './activities/activities.controller';
import { ListHeadlessRewardsHandler } from './rewards/list-rewards.query';
import { HeadlessRewardsController } from './rewards/rewards.controller';
import { ProfileController } from './profile/profile.controller';
import { OrdersController } from './orders/orders.controller';
import { ListHeadlessOrdersHandler } from './orders/list-orders.query';
import { ListStoreCreditTransactionsHandler } from './store-credit/list-store-credit.query';
import { StoreCreditController } from './store-credit/store-credit.controller';
import { LoyaltyPageController } from './loyalty-page/loyalty-page.controller';
import { CustomerProgramsController, PublicProgramsController } from './programs/programs.controller';

/** The headless customer API (`/app/api/v1/headless`): storefronts acting for one customer with a bearer token. */
export const HEADLESS_CAPABILITY: Capability = {
  providers: [
    HeadlessEligibility,
    IssueHeadlessTokenHandler,
    CustomerIdentityProofs,
    GetHeadlessCustomerHandler,
    HeadlessShopContext,
    ListHeadlessProgramsHandler,
    ListHeadlessActivitiesHandler,
    ListHeadlessRewardsHandler,
    ListHeadlessOrdersHandler,
    ListStoreCreditTransactionsHandler,
  ],
  projections: [],
  controllers: [
    TokenController,
    HeadlessCustomerController,
    JoinProgramController,
    ShopConfigController,
    CustomerProgramsController,
    PublicProgramsController,
    ActivitiesController,
    HeadlessRewardsController,
    ProfileController,
    OrdersController,
    StoreCreditController,
    LoyaltyPageController,
  ],
};
