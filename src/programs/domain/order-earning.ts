import { ProgramSettings } from './program-events';

/** The values an order's points were computed with, recorded on the event (a refund reverses exactly these). */
export interface OrderEarningRule {
  programId: string;
  programTitle: string;
  earnBy: 'price' | 'flat';
  earnPoint: number;
  rateMoney: number | null;
  roundingMethod: 'round' | 'floor' | 'ceil';
  autoRemovePoints: boolean;
}

export interface ActiveProgram {
  id: string;
  kind: 'earning' | 'spending';
  event: string;
  settings: ProgramSettings;
  createdAt: string;
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
export function orderEarningRule(programs: ActiveProgram[], at: string, sourceName: string | null, tierId: string | null): OrderEarningRule | null {
  const source = sourceName === 'pos' ? 'pos' : 'web';
  const candidates = programs
    .filter((p) => p.kind === 'earning' && p.event === 'place_order' && isActive(p, at) && p.settings.appliedSource.includes(source))
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
  };
}

/** Points for an order total: earnPoint per rateMoney of currency (price), or earnPoint per order (flat). */
export function pointsForOrder(rule: OrderEarningRule, totalCents: number): number {
  if (rule.earnBy === 'flat') return rule.earnPoint;
  if (!rule.rateMoney || rule.rateMoney <= 0) return 0;
  // Cents and rate in hundredths keep the division exact for ordinary prices.
  const raw = (rule.earnPoint * totalCents) / Math.round(rule.rateMoney * 100);
  const rounded = rule.roundingMethod === 'floor' ? Math.floor(raw + 1e-9) : rule.roundingMethod === 'ceil' ? Math.ceil(raw - 1e-9) : Math.round(raw);
  return Math.max(0, rounded);
}

/** Pro rata: of `earned` points, how many a refund of refundedCents (cumulative) out of totalCents takes back. */
export function pointsToRevoke(earned: number, totalCents: number, refundedCents: number): number {
  if (totalCents <= 0) return earned;
  return Math.min(earned, Math.floor((earned * refundedCents) / totalCents + 1e-9));
}
