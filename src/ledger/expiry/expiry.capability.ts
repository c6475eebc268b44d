import { Capability, scheduled } from '../../capability';
import { ExpirePointsHandler, WarnExpiryHandler } from './expire-points.handler';
import { PointsExpiry } from './points-expiry.scheduler';

/** Points expiry: the warnings before, and the points taken when they expire. */
export const EXPIRY_CAPABILITY: Capability = {
  providers: [ExpirePointsHandler, WarnExpiryHandler, PointsExpiry],
  projections: [],
  controllers: [],
  background: [scheduled(PointsExpiry, (config) => config.expiryCheckMs)],
};
