import { PERIOD_UNITS, PeriodUnit } from '../../shared/domain/calendar';

/**
 * The value lists of the earning rule, written once: its schema (`EarningRuleSchema`, which validates
 * and documents them), its type and the decider read them from here. Pure TypeScript, so the domain
 * can import them.
 */

/** How an order earns: per `rateMoney` of the order (`price`), or `earnPoint` per order (`flat`). */
export const EARN_BY = ['price', 'flat'] as const;
export const ROUNDING_METHODS = ['round', 'floor', 'ceil'] as const;
/** Where an order was placed: the online store or a point of sale. */
export const APPLIED_SOURCES = ['web', 'pos'] as const;
/** What a program's payments can be limited per (`limitUnit`). */
export const LIMIT_UNITS = PERIOD_UNITS;
/** join_chat: `follow_oa` pays only through the chat login, `join_link` on click (the default). */
export const LINE_JOIN_TYPES = ['follow_oa', 'join_link'] as const;

export type EarnBy = (typeof EARN_BY)[number];
export type RoundingMethod = (typeof ROUNDING_METHODS)[number];
export type AppliedSource = (typeof APPLIED_SOURCES)[number];
export type LimitUnit = PeriodUnit;
export type LineJoinType = (typeof LINE_JOIN_TYPES)[number];

/** The product filters of place_order by price (ids; `{id}` objects are read as their id). */
export const PRODUCT_FILTERS = [
  'includeProducts',
  'excludeProducts',
  'includeCollections',
  'excludeCollections',
] as const;
