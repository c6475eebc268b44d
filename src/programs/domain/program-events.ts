import type { ProgramSpending } from '../kinds/spending-rule';

/** Events of a shop's programs (stream `programs-<shopId>`): merchant configuration of earning and spending. */
export const ProgramEventType = {
  Created: 'program.created.v1',
  Updated: 'program.updated.v1',
  Deleted: 'program.deleted.v1',
} as const;

export type ProgramKind = 'earning' | 'spending';

/** The periods a program's payments can be limited per (the earning limit's `limitUnit`). */
export const LIMIT_UNITS = ['day', 'week', 'month', 'year', 'lifetime'] as const;

/** A per-tier override of the earning rate. */
export interface TierRate {
  tierId: string;
  earnPoint: number;
  rateMoney: number | null;
}

/** The merchant-configurable fields (spec 2.9 Program). Spending fields are kept as given until redemption arrives. */
export interface ProgramSettings {
  title: string;
  description: string;
  status: boolean;
  isDraft: boolean;
  expired: boolean;
  priority: number;
  startDate: string | null;
  endDate: string | null;
  earnPoint: number;
  earnBy: 'price' | 'flat';
  rateMoney: number | null;
  roundingMethod: 'round' | 'floor' | 'ceil';
  appliedSource: Array<'web' | 'pos'>;
  skipEarnPointGuest: boolean;
  autoRemovePoints: boolean;
  earnPointsTiers: TierRate[];
  /** place_order by price: only these products count (empty: all). */
  includeProducts: string[];
  /** place_order by price: these products never count. */
  excludeProducts: string[];
  /** place_order by price: products of these collections count too (empty with no products listed: all). */
  includeCollections: string[];
  /** place_order by price: products of these collections never count. */
  excludeCollections: string[];
  /** place_order: days the points are held (not spendable) before release; a refund inside the delay cancels them. */
  pendingDays: number;
  /** Per-program limit: at most limitInterval payments per limitUnit (social and other event programs). */
  hasLimit: boolean;
  limitUnit: (typeof LIMIT_UNITS)[number];
  limitInterval: number;
  translateTitle: Record<string, string>;
  /** Storefront link of an earning program (http(s)): the page to follow, review or visit, or what a share shares. */
  urlLocation?: string | null;
  /** The shop's handle on the network, for follow intents (follow_micro). */
  urlAccount?: string | null;
  /** join_chat: `follow_oa` pays only through the chat login, `join_link` on click (default). */
  lineJoinType?: 'follow_oa' | 'join_link' | null;
  /** The merchant's own icon (http(s)). */
  iconUrl?: string | null;
  /**
   * Spending programs: the reward they sell, typed (decided at the write edge by `decideSpending`;
   * events recorded in an older shape are upcast on read, `upcastProgramEvent`). Empty for earning ones.
   */
  spending: ProgramSpending;
}

/** Settings as a command carries them: any of them, the reward as the client sent it (not yet decided). */
export type ProgramSettingsInput = Partial<Omit<ProgramSettings, 'spending'>> & { spending?: Record<string, unknown> };

export interface ProgramCreated {
  type: typeof ProgramEventType.Created;
  eventId: string;
  occurredAt: string;
  shopId: string;
  programId: string;
  kind: ProgramKind;
  event: string;
  settings: ProgramSettings;
}

export interface ProgramUpdated {
  type: typeof ProgramEventType.Updated;
  eventId: string;
  occurredAt: string;
  shopId: string;
  programId: string;
  changes: Partial<ProgramSettings>;
}

export interface ProgramDeleted {
  type: typeof ProgramEventType.Deleted;
  eventId: string;
  occurredAt: string;
  shopId: string;
  programId: string;
}

export type ProgramEvent = ProgramCreated | ProgramUpdated | ProgramDeleted;

export const programStreamId = (shopId: string) => `programs-${shopId}`;

/** The 13 social event keys (spec 4.2), kept here for the catalogue's spec: the kinds' table derives them. */
export { SOCIAL_EVENTS } from '../kinds/kinds';
