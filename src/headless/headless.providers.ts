import { JwtService } from '@nestjs/jwt';
import { Capability, scheduled } from '../capability';
import { HeadlessSigningKeys } from './auth/headless-signing-keys';
import { HeadlessTokens } from './auth/headless-tokens';
import { HeadlessAuthGuard } from './auth/headless-auth.guard';
import { IssueHeadlessTokenHandler } from './auth/issue-token.handler';
import { CustomerIdentityProofs } from './auth/customer-identity-proofs';
import { TokenController } from './auth/token.controller';
import { HeadlessRateLimits } from './rate-limits/headless-rate-limits';
import { PublicIpQuotaGuard, TokenIpQuotaGuard } from './rate-limits/quota.guards';
import { HeadlessExceptionFilter, TokenExchangeExceptionFilter } from './http/headless-exception.filter';
import { HeadlessEligibility } from './eligibility/headless-eligibility';
import { GetHeadlessCustomerHandler } from './customer/get-customer.query';
import { HeadlessCustomerController } from './customer/customer.controller';
import { SocialEarnController } from './earning/social-earn.controller';
import { SocialLinksController } from './social/social-links.controller';
import { FeedNotificationsController } from './social/feed-notifications.controller';
import { ReceiveFeedNotificationHandler } from './social/receive-feed-notification.handler';
import { JoinProgramController } from './membership/join-program.controller';
import { EarnController } from './earn/earn.controller';
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
import { ReferralClaimController, ReferralHistoryController } from './referrals/referral-history.controller';
import { ImpactHistoryController } from './impact/impact-history.controller';
import { LoyaltyPageController } from './loyalty-page/loyalty-page.controller';
import { CustomerProgramsController, PublicProgramsController } from './programs/programs.controller';
import { UploadImagesController } from './uploads/upload-images.controller';
import { UploadImagesHandler } from './uploads/upload-images.handler';
import { ImageReencoder } from '../infrastructure/images/image-decoder';
import { UploadedFileController } from './uploads/uploaded-file.controller';
import { MilestonesController } from './milestones/milestones.controller';
import { GetMilestoneLadderHandler, GetMilestoneProgressHandler } from './milestones/milestone-reads.query';
import { PresentMilestoneClaimHandler } from './milestones/milestone-claim.presenter';
import { StorefrontOrigins } from './cors/storefront-origins';
import { StorefrontOriginsProjection } from './cors/storefront-origins.projection';
import { UploadedImageUrls } from './uploads/uploaded-image-urls';
import { UploadAdmission } from './uploads/upload-admission';
import { orphanSweepEveryMs, UploadOrphanSweep } from './uploads/upload-orphan-sweep.scheduler';
import { WalletPassController } from './wallet/wallet-pass.controller';
import { CreateAlphaPassHandler } from './wallet/create-alpha-pass.handler';
import { VerifyAlphaPassHandler } from './wallet/verify-alpha-pass.handler';
import { GetBetaPassLinkHandler } from './wallet/get-beta-pass-link.query';
import { WALLET_PASSES } from '../infrastructure/wallet-passes/wallet-pass.port';
import { PasskitWalletPasses } from '../infrastructure/wallet-passes/passkit-wallet-passes.adapter';

/** The headless customer API (`/app/api/v1/headless`): storefronts acting for one customer with a bearer token. */
export const HEADLESS_CAPABILITY: Capability = {
  providers: [
    JwtService,
    HeadlessSigningKeys,
    HeadlessTokens,
    HeadlessAuthGuard,
    HeadlessRateLimits,
    TokenIpQuotaGuard,
    PublicIpQuotaGuard,
    HeadlessExceptionFilter,
    TokenExchangeExceptionFilter,
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
    UploadImagesHandler,
    ImageReencoder,
    GetMilestoneLadderHandler,
    GetMilestoneProgressHandler,
    PresentMilestoneClaimHandler,
    StorefrontOrigins,
    ReceiveFeedNotificationHandler,
    UploadedImageUrls,
    UploadAdmission,
    UploadOrphanSweep,
    { provide: WALLET_PASSES, useClass: PasskitWalletPasses },
    CreateAlphaPassHandler,
    VerifyAlphaPassHandler,
    GetBetaPassLinkHandler,
  ],
  projections: [StorefrontOriginsProjection],
  background: [scheduled(UploadOrphanSweep, orphanSweepEveryMs)],
  controllers: [
    TokenController,
    HeadlessCustomerController,
    JoinProgramController,
    SocialEarnController,
    SocialLinksController,
    FeedNotificationsController,
    EarnController,
    MilestonesController,
    ShopConfigController,
    CustomerProgramsController,
    PublicProgramsController,
    ActivitiesController,
    HeadlessRewardsController,
    ProfileController,
    OrdersController,
    StoreCreditController,
    ReferralHistoryController,
    ImpactHistoryController,
    ReferralClaimController,
    LoyaltyPageController,
    UploadImagesController,
    UploadedFileController,
    WalletPassController,
  ],
};
