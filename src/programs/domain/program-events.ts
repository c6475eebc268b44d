import type { ProgramSpending } from '../kinds/spending-rule';
import type { EarningRule } from '../kinds/earning-rule.schema';

export type { TierRate } from '../kinds/earning-rule.schema';

/** Events of a shop's programs (stream `programs-<shopId>`): merchant configuration of earning and spending. */
export const ProgramEventType = {
  Created: 'program.created.v1',
  Updated: 'program.updated.v1',
  Deleted: 'program.deleted.v1',
} as const;

export type ProgramKind = 'earning' | 'spending';

/**
 * The merchant-configurable fields (spec 2.9 Program): the earning rule, whose schema is
 * `EarningRuleSchema` (the source of this type, of the edge validation and of the OpenAPI
 * description), and a spending program's reward, typed (decided at the write edge by
 * `decideSpending`; events recorded in an older shape are converted on read, `upcastProgramEvent`).
 * Empty for earning ones.
 */
export type ProgramSettings = EarningRule & { spending: ProgramSpending };

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
