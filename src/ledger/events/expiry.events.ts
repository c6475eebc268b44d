import { CommandMeta, CustomerEventBase, EventFields, stamp } from '../customer-stream';
import { CustomerEventType as T } from './customer-event-types';
import { PointsContext, PointsEventContext, PointsFields } from './points.events';

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
  platformCustomerId: number;
  email: string | null;
  points: number;
  daysLeft: number;
  expiresAt: string;
  cycle: string;
}

export const pointsExpired = (context: PointsEventContext, fields: PointsFields<PointsExpired>): PointsExpired => ({
  ...context,
  type: T.PointsExpired,
  ...fields,
});

export const pointsExpiryWarned = (meta: CommandMeta, fields: EventFields<PointsExpiryWarned>): PointsExpiryWarned => ({
  type: T.PointsExpiryWarned,
  ...stamp(meta),
  ...fields,
});
