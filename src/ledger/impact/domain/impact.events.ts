import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';
import type { ImpactUnit } from '../../../programs/kinds/impact-rule';

/**
 * Environmental impact bought with points. The points move by the PointsRedeemed recorded with the
 * contribution (and the CouponRefunded of its refund), so the balance, the transactions and the
 * liability count them as every redemption; these events say what the points bought and where it stands.
 */

/** A contribution bought with points, recorded before it is sent to the provider (status `pending`). */
export interface ImpactRecorded extends CustomerEventBase {
  type: typeof T.ImpactRecorded;
  /** The redemption's reward id: the contribution's id at the provider too (idempotent there). */
  impactId: string;
  /** The code the redemption's points are recorded under (`impact-<impactId>`): its refund names it. */
  couponCode: string;
  programId: string;
  programTitle: string;
  provider: string;
  unit: ImpactUnit;
  /** Units contributed (the rule's quantity times the redemptions bought). */
  quantity: number;
  points: number;
  status: string;
}

/**
 * What the provider said of a contribution: `confirmed`, `refunded` (it failed; the CouponRefunded
 * recorded with it gave the points back) or a raw provider status, kept as sent.
 */
export interface ImpactStatusChanged extends CustomerEventBase {
  type: typeof T.ImpactStatusChanged;
  impactId: string;
  status: string;
  previousStatus: string;
}

export type ImpactEvent = ImpactRecorded | ImpactStatusChanged;

export const impactRecorded: EventBuilder<ImpactRecorded> = eventBuilder(T.ImpactRecorded);
export const impactStatusChanged: EventBuilder<ImpactStatusChanged> = eventBuilder(T.ImpactStatusChanged);
