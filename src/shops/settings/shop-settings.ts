import { CALENDAR_PERIODS, CalendarPeriod } from '../../shared/domain/calendar';

/**
 * The value lists and bounds of the shop's settings, written once: their schemas
 * (`shop-settings.schema.ts`, which validate and document them) and their types read them from here.
 * Pure TypeScript, so the domain can import them.
 */

/** When points expire: never, after a time without activity, or on a day of every year. */
export const POINTS_EXPIRY_MODES = ['off', 'inactivity', 'fixed_date'] as const;
export type PointsExpiryMode = (typeof POINTS_EXPIRY_MODES)[number];
export const MAX_INACTIVITY_DAYS = 3650;

/** The calendar periods the shop's earning limit resets on. */
export const EARNING_LIMIT_PERIODS = CALENDAR_PERIODS;
export type EarningLimitPeriod = CalendarPeriod;

/** Tier retention: months before a review (day buckets reach back 800 days: a 24-month window fits). */
export const MAX_ASSESSMENT_MONTHS = 36;
export const MAX_WINDOW_MONTHS = 24;

/** Excluded tags and segments: at most this many names, each up to 255 characters. */
export const MAX_EXCLUDED_NAMES = 100;

/** A day of every year as MM-DD; not 02-29, which most years lack. */
export const isYearlyDay = (value: unknown): boolean =>
  typeof value === 'string' && /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(value) && value !== '02-29';

/**
 * A point's value in the shop's currency (`pointValue`, for the liability's money view): a positive
 * decimal of at most 9 whole digits and 6 decimals, as text so no float ever holds money.
 */
const POINT_VALUE = /^\d{1,9}(\.\d{1,6})?$/;

/** The pointValue as written: a number or text of POINT_VALUE, above 0, without trailing zeros; null: not one. */
export function writtenPointValue(input: unknown): string | null {
  const text = typeof input === 'number' ? String(input) : input;
  if (typeof text !== 'string' || !POINT_VALUE.test(text) || !/[1-9]/.test(text)) return null;
  const [whole, fraction = ''] = text.split('.');
  const decimals = fraction.replace(/0+$/, '');
  const units = whole.replace(/^0+(?=\d)/, '');
  return decimals ? `${units}.${decimals}` : units;
}

export const isPointValue = (value: unknown): boolean => value === null || writtenPointValue(value) !== null;

/** Storefront origins a shop allows beyond its own domain (CORS of the headless API): at most this many. */
export const MAX_STOREFRONT_ORIGINS = 20;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An allowed storefront origin as written: `https://host[:port]` (plain `http` only on a loopback
 * host, for a storefront in development), lowercased, nothing after the host; null: not one.
 */
export function storefrontOrigin(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 300) return null;
  const text = input.trim().toLowerCase().replace(/\/$/, '');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  return secure && url.origin === text ? url.origin : null;
}

export const areStorefrontOrigins = (value: unknown): boolean =>
  Array.isArray(value) && value.every((origin) => storefrontOrigin(origin) !== null);
