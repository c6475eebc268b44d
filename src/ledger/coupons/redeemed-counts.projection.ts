import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { CouponExpired, CouponRefunded, CouponUsed, CustomerEventType as T, PointsRedeemed } from '../customer-events';
import { CountedRedemption, CouponStatus, redeemedOf } from './redeemed-counts';

/**
 * The redemptions of each spending program that count against its limits, per customer
 * (limitRedeem) and across the shop (totalLimitationRedeem): projected facts the read queries read
 * as numbers. Counted by `redeemedOf`, the function the redemption decisions count with, so
 * "refunded coupons do not count" is written once.
 */
export interface CustomerRedemptionsDoc {
  /** `<shopId>|<customerId>`. */
  id: string;
  shopId: string;
  customerId: string;
  /** The customer stream's last revision applied: a redelivered event (not newer) changes nothing. */
  revision: number;
  /** The coupons bought from a spending program, by reward id. */
  coupons: Record<string, CountedRedemption & { programId: string }>;
  /** Program id -> the customer's redemptions of it that count. */
  redeemed: Record<string, number>;
}

export interface ProgramRedemptionsDoc {
  /** `<shopId>|<programId>`. */
  id: string;
  shopId: string;
  programId: string;
  /** The shop's redemptions of the program that count. */
  redeemed: number;
}

export const CUSTOMER_REDEMPTIONS: CollectionDefinition = { name: 'customer_redemptions_v1' };
export const PROGRAM_REDEMPTIONS: CollectionDefinition = { name: 'program_redemptions_v1' };

export const customerRedemptionsId = (shopId: string, customerId: string) => `${shopId}|${customerId}`;
export const programRedemptionsId = (shopId: string, programId: string) => `${shopId}|${programId}`;

type CouponEvent = PointsRedeemed | CouponRefunded | CouponUsed | CouponExpired;

const STATUS_AFTER: Record<Exclude<CouponEvent['type'], typeof T.PointsRedeemed>, CouponStatus> = {
  [T.CouponRefunded]: 'refunded',
  [T.CouponUsed]: 'used',
  [T.CouponExpired]: 'expired',
};

/** One customer's redemptions after a coupon event; null when it concerns no spending program's coupon. */
export function evolveRedemptions(
  doc: CustomerRedemptionsDoc,
  e: CouponEvent,
  revision: number,
): CustomerRedemptionsDoc | null {
  let rewardId: string;
  let coupon: CountedRedemption & { programId: string };
  if (e.type === T.PointsRedeemed) {
    if (!e.program?.programId) return null;
    rewardId = e.reward.rewardId;
    coupon = { programId: e.program.programId, status: 'active' };
  } else {
    rewardId = e.rewardId;
    const held = doc.coupons[rewardId];
    if (!held) return null;
    coupon = { programId: held.programId, status: STATUS_AFTER[e.type] };
  }
  const coupons = { ...doc.coupons, [rewardId]: coupon };
  const redeemed = { ...doc.redeemed, [coupon.programId]: redeemedOf(coupons, coupon.programId) };
  return { ...doc, revision, coupons, redeemed };
}

/**
 * Keeps the counts. The shop's count of a program moves by what its customer's count moved, and a
 * customer's document skips the events of its stream it has already applied, so an event delivered
 * twice counts once.
 */
@Injectable()
export class RedeemedCountsProjection implements Projection {
  readonly name = 'redeemed_counts_v1';
  /** The shop's count of a program sums every customer's redemptions: one process of a deployment applies it. */
  readonly singleWriter = true;
  readonly collections = [CUSTOMER_REDEMPTIONS, PROGRAM_REDEMPTIONS];
  readonly handles = handlesEventTypes([T.PointsRedeemed, T.CouponRefunded, T.CouponUsed, T.CouponExpired]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const customers = batch.collection<CustomerRedemptionsDoc>(CUSTOMER_REDEMPTIONS);
    const programs = batch.collection<ProgramRedemptionsDoc>(PROGRAM_REDEMPTIONS);
    for (const recorded of events) {
      const e = fromRecorded<CouponEvent>(recorded);
      const id = customerRedemptionsId(e.shopId, e.customerId);
      const before = (await customers.get(id)) ?? {
        id,
        shopId: e.shopId,
        customerId: e.customerId,
        revision: -1,
        coupons: {},
        redeemed: {},
      };
      const revision = Number(recorded.revision);
      if (revision <= before.revision) continue;
      const after = evolveRedemptions(before, e, revision);
      if (!after) continue;
      customers.put(after);
      for (const programId of Object.keys(after.redeemed)) {
        const moved = after.redeemed[programId] - (before.redeemed[programId] ?? 0);
        if (moved === 0) continue;
        const key = programRedemptionsId(e.shopId, programId);
        const shop = (await programs.get(key)) ?? { id: key, shopId: e.shopId, programId, redeemed: 0 };
        programs.put({ ...shop, redeemed: shop.redeemed + moved });
      }
    }
  }
}
