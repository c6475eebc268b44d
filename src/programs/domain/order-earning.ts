import { ProgramSettings } from './program-events';
import { MAX_POINTS } from '../../shared/domain/limits';
import { isPaidBy } from '../kinds/kinds';
import type { EarnBy, RoundingMethod } from '../kinds/earning-rule';

/** The values an order's points were computed with, recorded on the event (a refund reverses exactly these). */
export interface OrderEarningRule {
  programId: string;
  programTitle: string;
  earnBy: EarnBy;
  earnPoint: number;
  rateMoney: number | null;
  roundingMethod: RoundingMethod;
  autoRemovePoints: boolean;
  includeProducts?: string[];
  excludeProducts?: string[];
  includeCollections?: string[];
  excludeCollections?: string[];
  /** Days the order's points are held before they can be spent (0: paid at once). */
  pendingDays?: number;
}

export interface ActiveProgram {
  id: string;
  kind: 'earning' | 'spending';
  event: string;
  settings: ProgramSettings;
  createdAt: string;
  /** The program's number in its shop (read model `numericId`). */
  numericId?: number;
}

/** Enabled, not a draft, not expired, and within its dates at `at`: all four are independent. */
export function isActive(program: ActiveProgram, at: string): boolean {
  const s = program.settings;
  if (!s.status || s.isDraft || s.expired) return false;
  if (s.startDate && at < s.startDate) return false;
  if (s.endDate && at > s.endDate) return false;
  return true;
}

/**
 * The place_order program that pays for an order: active, for the order's source, highest priority
 * first (then oldest). A customer's tier may override the rate.
 */
export function orderEarningRule(
  programs: ActiveProgram[],
  at: string,
  sourceName: string | null,
  tierId: string | null,
  buyer: { guest: boolean } = { guest: false },
): OrderEarningRule | null {
  const source = sourceName === 'pos' ? 'pos' : 'web';
  const candidates = programs
    .filter(
      (p) =>
        p.kind === 'earning' &&
        isPaidBy(p.event, 'order') &&
        isActive(p, at) &&
        p.settings.appliedSource.includes(source),
    )
    // A guest checkout (no customer account) earns nothing from programs that skip guests.
    .filter((p) => !(buyer.guest && p.settings.skipEarnPointGuest))
    .sort((a, b) => b.settings.priority - a.settings.priority || a.createdAt.localeCompare(b.createdAt));
  const program = candidates[0];
  if (!program) return null;
  const s = program.settings;
  const tierRate = tierId ? s.earnPointsTiers.find((t) => t.tierId === tierId) : undefined;
  return {
    programId: program.id,
    programTitle: s.title,
    earnBy: s.earnBy,
    earnPoint: tierRate?.earnPoint ?? s.earnPoint,
    rateMoney: tierRate ? (tierRate.rateMoney ?? s.rateMoney) : s.rateMoney,
    roundingMethod: s.roundingMethod,
    autoRemovePoints: s.autoRemovePoints,
    includeProducts: s.includeProducts ?? [],
    excludeProducts: s.excludeProducts ?? [],
    includeCollections: s.includeCollections ?? [],
    excludeCollections: s.excludeCollections ?? [],
    pendingDays: s.pendingDays ?? 0,
  };
}

export interface EarningLine {
  productId: string | null;
  quantity: number;
  priceCents: number;
  /** The product's collections (known when the rule is scoped to collections). */
  collectionIds?: string[];
}

/** Whether a rule names products or collections (then only line items can count). */
export function isScoped(rule: OrderEarningRule): boolean {
  return [rule.includeProducts, rule.excludeProducts, rule.includeCollections, rule.excludeCollections].some(
    (l) => (l ?? []).length > 0,
  );
}

/** Whether a rule needs to know the collections of the products in an order. */
export function needsCollections(rule: OrderEarningRule | null): boolean {
  return !!rule && ((rule.includeCollections ?? []).length > 0 || (rule.excludeCollections ?? []).length > 0);
}

/**
 * The amount an order earns on: the whole total, or, when the program names products or
 * collections, the line items that count — included by product or collection (everything when
 * nothing is included), and neither excluded by product nor by collection — never more than the total.
 */
export function earningBaseCents(rule: OrderEarningRule, totalCents: number, lines: EarningLine[]): number {
  if (!isScoped(rule)) return totalCents;
  const includeProducts = rule.includeProducts ?? [];
  const excludeProducts = rule.excludeProducts ?? [];
  const includeCollections = rule.includeCollections ?? [];
  const excludeCollections = rule.excludeCollections ?? [];
  const includesAll = includeProducts.length === 0 && includeCollections.length === 0;
  const counts = (l: EarningLine) => {
    const collections = l.collectionIds ?? [];
    const included =
      includesAll ||
      (l.productId !== null && includeProducts.includes(l.productId)) ||
      collections.some((c) => includeCollections.includes(c));
    const excluded =
      (l.productId !== null && excludeProducts.includes(l.productId)) ||
      collections.some((c) => excludeCollections.includes(c));
    return included && !excluded;
  };
  const counted = lines.filter(counts).reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  return Math.min(totalCents, counted);
}

/**
 * Points for an order total: earnPoint per rateMoney of currency (price), or earnPoint per order
 * (flat). Never more than MAX_POINTS for one order, and 0 for a rate below one cent (programs refuse
 * such rates; rules recorded before that are read safely).
 */
export function pointsForOrder(rule: OrderEarningRule, totalCents: number): number {
  if (rule.earnBy === 'flat') return rule.earnPoint;
  const rateCents = Math.round((rule.rateMoney ?? 0) * 100);
  if (!Number.isFinite(rateCents) || rateCents < 1 || !Number.isFinite(totalCents) || totalCents <= 0) return 0;
  // Cents and rate in hundredths keep the division exact for ordinary prices.
  const raw = (rule.earnPoint * totalCents) / rateCents;
  const rounded =
    rule.roundingMethod === 'floor'
      ? Math.floor(raw + 1e-9)
      : rule.roundingMethod === 'ceil'
        ? Math.ceil(raw - 1e-9)
        : Math.round(raw);
  return Number.isFinite(rounded) ? Math.min(MAX_POINTS, Math.max(0, rounded)) : 0;
}

/** Pro rata: of `earned` points, how many a refund of refundedCents (cumulative) out of totalCents takes back. */
export function pointsToRevoke(earned: number, totalCents: number, refundedCents: number): number {
  if (totalCents <= 0) return earned;
  return Math.min(earned, Math.floor((earned * refundedCents) / totalCents + 1e-9));
}

/**
 * What a cart would earn, with the order's rules: the total on the counted products, and each
 * product's share at the same rate (flat programs pay per order, so products show 0).
 */
export function cartPoints(
  rule: OrderEarningRule | null,
  products: Array<{ id: string; quantity: number; price: number }>,
  collections: Record<string, string[]> = {},
): { pointsEarn: number; points: number[] } {
  const lines = products.map((p) => ({
    productId: p.id,
    quantity: p.quantity,
    priceCents: Math.round(p.price * 100),
    collectionIds: collections[p.id] ?? [],
  }));
  if (!rule) return { pointsEarn: 0, points: lines.map(() => 0) };
  const total = lines.reduce((sum, l) => sum + l.priceCents * l.quantity, 0);
  const pointsEarn = pointsForOrder(rule, earningBaseCents(rule, total, lines));
  const points = lines.map((l) =>
    rule.earnBy === 'price' ? pointsForOrder(rule, earningBaseCents(rule, l.priceCents * l.quantity, [l])) : 0,
  );
  return { pointsEarn, points };
}
