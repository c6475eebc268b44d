import { Capability, scheduled } from '../../capability';
import { ImpactRedemption } from './impact-redemption';
import { RecordImpactOutcomeHandler } from './record-impact-outcome.handler';
import { ImpactResend } from './impact-resend.scheduler';
import { ImpactHistoryHandler } from './read/impact-history.query';
import { ImpactHistoryProjection } from './read/impact-history.projection';
import { ImpactHistoryController } from './http/impact-history.controller';

/** Environmental impact rewards: points spent on trees planted or bottles collected by the impact provider. */
export const IMPACT_CAPABILITY: Capability = {
  providers: [ImpactRedemption, RecordImpactOutcomeHandler, ImpactResend, ImpactHistoryHandler],
  projections: [ImpactHistoryProjection],
  controllers: [ImpactHistoryController],
  background: [scheduled(ImpactResend, (config) => config.impactResendCheckMs)],
};
