import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { monthsBefore } from '../../shared/domain/calendar';
import { DayInterval, LocalDay, localDayOf, localIso, startOfLocalDay } from '../../shared/domain/zoned-days';
import { LIABILITY_DAYS, LiabilityDayDoc } from './liability-days.projection';
import { DayFigures, LiabilityPeriod, periodsBetween, rollForward } from './roll-forward';
import { pointsValue, ratio } from './liability-value';

/** At most this many periods in one answer (ten years of days). */
export const MAX_PERIODS = 3660;
export const DEFAULT_BREAKAGE_MONTHS = 12;

export interface LiabilityRequest {
  from: Date;
  to: Date;
  interval: DayInterval;
  /** The trailing window breakage is measured over, ending at `to`. */
  breakageMonths?: number;
}

/** The points liability's roll-forward of a shop (docs/liability.md describes the answer). */
export class LiabilityRollForwardQuery {
  constructor(
    readonly shopId: string,
    readonly request: LiabilityRequest,
  ) {}
}

/** Points that never get used: expired over issued in the trailing window ending at `to`. */
export interface Breakage {
  from: string;
  to: string;
  months: number;
  issued: number;
  expired: number;
  /** expired / issued, 4 decimals; null when nothing was issued. */
  rate: string | null;
}

export interface LiabilityRollForward {
  shopId: string;
  timezone: string;
  currency: string;
  interval: DayInterval;
  from: string;
  to: string;
  /** The shop's pointValue (null: no money view). */
  pointValue: string | null;
  periods: Array<LiabilityPeriod & { value?: PeriodValue }>;
  breakage: Breakage;
}

/** The period's figures in the shop's currency (decimal strings), when the shop has a pointValue. */
export interface PeriodValue {
  opening: string;
  issued: string;
  redeemed: string;
  expired: string;
  adjusted: string;
  reversed: string;
  closing: string;
  pending: string;
}

/** The local day that begins at `at` in the zone; refused (400, naming the field) when `at` is not a midnight there. */
export function dayStartingAt(at: Date, zone: string, field: string): LocalDay {
  const day = localDayOf(at.getTime(), zone);
  const start = startOfLocalDay(day, zone);
  if (start !== at.getTime()) {
    const example = localIso(start, zone);
    throw because.badRequest(`${field} must be a midnight in the shop's time zone ${zone} (e.g. ${example})`, {
      field,
    });
  }
  return day;
}

/** The days from `from` to `to` checked and cut into periods: the roll-forward's frame. */
export function liabilityFrame(request: LiabilityRequest, zone: string) {
  const fromDay = dayStartingAt(request.from, zone, 'from');
  const toDay = dayStartingAt(request.to, zone, 'to');
  if (toDay <= fromDay) throw because.badRequest('to must be after from', { field: 'to' });
  const periods = periodsBetween(fromDay, toDay, request.interval);
  if (periods.length > MAX_PERIODS)
    throw because.badRequest(`from and to span more than ${MAX_PERIODS} periods of a ${request.interval}`, {
      field: 'interval',
    });
  const months = request.breakageMonths ?? DEFAULT_BREAKAGE_MONTHS;
  const breakageFromDay = monthsBefore(`${toDay}T00:00:00.000Z`, months).slice(0, 10);
  return { fromDay, toDay, periods, months, breakageFromDay };
}

function breakageOf(days: DayFigures[], fromDay: LocalDay, toDay: LocalDay, months: number, zone: string): Breakage {
  let issued = 0;
  let expired = 0;
  for (const d of days) {
    if (d.day < fromDay || d.day >= toDay) continue;
    issued +=
      d.issuedOrders + d.issuedPrograms + d.issuedTierRewards + d.issuedMilestones + d.issuedReferrals + d.issuedManual;
    expired += d.expired;
  }
  const at = (day: LocalDay) => localIso(startOfLocalDay(day, zone), zone);
  return { from: at(fromDay), to: at(toDay), months, issued, expired, rate: ratio(expired, issued) };
}

function valueOf(p: LiabilityPeriod, pointValue: string): PeriodValue {
  const v = (points: number) => pointsValue(points, pointValue);
  return {
    opening: v(p.opening),
    issued: v(p.issued.total),
    redeemed: v(p.redeemed),
    expired: v(p.expired),
    adjusted: v(p.adjusted),
    reversed: v(p.reversed),
    closing: v(p.closing),
    pending: v(p.pending.closing),
  };
}

/** The shop's day figures, and what a roll-forward over them answers (the verification compares two such). */
export function liabilityAnswer(
  shop: { id: string; timezone: string; currency: string; pointValue: string | null },
  request: LiabilityRequest,
  days: DayFigures[],
): LiabilityRollForward {
  const frame = liabilityFrame(request, shop.timezone);
  const periods = rollForward(days, frame.periods, shop.timezone);
  return {
    shopId: shop.id,
    timezone: shop.timezone,
    currency: shop.currency,
    interval: request.interval,
    from: localIso(request.from.getTime(), shop.timezone),
    to: localIso(request.to.getTime(), shop.timezone),
    pointValue: shop.pointValue,
    periods: shop.pointValue ? periods.map((p) => ({ ...p, value: valueOf(p, shop.pointValue!) })) : periods,
    breakage: breakageOf(days, frame.breakageFromDay, frame.toDay, frame.months, shop.timezone),
  };
}

/**
 * Served from the per-day projection: the shop's days before `to` (a few thousand documents at
 * most), summed into the opening and the periods. The log is not read.
 */
@QueryHandler(LiabilityRollForwardQuery)
export class LiabilityRollForwardHandler implements IQueryHandler<LiabilityRollForwardQuery, LiabilityRollForward> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly shops: ShopDirectory,
  ) {}

  async execute({ shopId, request }: LiabilityRollForwardQuery): Promise<LiabilityRollForward> {
    const shop = await this.shops.byId(shopId);
    if (!shop) throw because.notFound('Shop');
    const { toDay } = liabilityFrame(request, shop.timezone);
    const days = await (
      await this.readStore.collection<LiabilityDayDoc>(LIABILITY_DAYS)
    ).find({ shopId, day: { $lt: toDay } }, { sort: { field: 'day', direction: 'asc' } });
    const info = { id: shop.id, timezone: shop.timezone, currency: shop.currency };
    return liabilityAnswer({ ...info, pointValue: shop.accounting?.pointValue ?? null }, request, days);
  }
}
