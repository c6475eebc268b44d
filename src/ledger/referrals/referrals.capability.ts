import { Capability, scheduled, worker } from '../../capability';
import { ReferralDirectory } from './referral-directory';
import { ReferralUses } from './referral-uses';
import { ReferralSteps } from './referral-steps';
import { ReferralRelay } from './referral-relay';
import { PayReferralRewardsHandler, ReferralRewardsDue } from './referral-rewards-due.scheduler';
import { ClaimReferralCodeHandler } from './claim-referral-code.handler';
import { CreateReferralLinkHandler } from './create-referral-link.handler';
import { ListReferralsHandler } from './read/list-referrals.query';
import { ReferralCodesProjection } from './read/referral-codes.projection';
import { ReferralViewProjection } from './read/referral-view.projection';
import { ReferralClaimController, ReferralHistoryController } from './http/referral-history.controller';

/** Referrals: a customer's links and codes, the friends they bring, and the rewards both sides earn. */
export const REFERRALS_CAPABILITY: Capability = {
  providers: [
    ReferralDirectory,
    ReferralUses,
    ReferralSteps,
    ReferralRelay,
    ReferralRewardsDue,
    PayReferralRewardsHandler,
    ClaimReferralCodeHandler,
    CreateReferralLinkHandler,
    ListReferralsHandler,
  ],
  projections: [ReferralCodesProjection, ReferralViewProjection],
  controllers: [ReferralHistoryController, ReferralClaimController],
  // Referral rewards waiting their days are held payments too: paid on the held points' schedule.
  background: [scheduled(ReferralRewardsDue, (config) => config.pendingReleaseCheckMs), worker(ReferralRelay)],
};
