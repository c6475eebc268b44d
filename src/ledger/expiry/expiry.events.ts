import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';
import { PointsContext, PointsEventBuilder, pointsEventBuilder } from '../points/points.events';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** The balance expired under the shop's policy (inactivity or a fixed date). */
export interface PointsExpired extends CustomerEventBase, PointsContext {
  type: typeof T.PointsExpired;
  points: number;
  policy: 'inactivity' | 'fixed_date';
  /** What this expiry answers: the last activity (inactivity) or the year (fixed date). */
  cycle: string;
}

/** A warning that the balance will expire (feeds points/about_to_expire_N_days). */
export interface PointsExpiryWarned extends CustomerEventBase {
  type: typeof T.PointsExpiryWarned;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  points: number;
  daysLeft: number;
  expiresAt: string;
  cycle: string;
}

export const pointsExpired: PointsEventBuilder<PointsExpired> = pointsEventBuilder(T.PointsExpired);
export const pointsExpiryWarned: EventBuilder<PointsExpiryWarned> = eventBuilder(T.PointsExpiryWarned);
