import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { changedFields } from '../../shared/domain/guards';
import { isIntegerIn, MAX_POINTS } from '../../shared/domain/limits';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as T, TierSettings, TierSettingsInput } from './tier-events';
import { readTierRewards, storedTierRewards } from './tier-reward';

export interface LadderTier {
  id: string;
  isSystemTier: boolean;
  systemType: string | null;
  settings: TierSettings;
}

export interface TierLadderState {
  tiers: Readonly<Record<string, LadderTier>>;
}

export type TierCommand =
  | { type: 'DefineBaseTier'; meta: CommandMeta; name: string; systemType: string }
  | {
      type: 'DefineTier';
      meta: CommandMeta;
      tierId: string;
      settings: TierSettingsInput & { name: string; targetPoint: number };
    }
  | { type: 'UpdateTier'; meta: CommandMeta; tierId: string; changes: TierSettingsInput }
  | { type: 'RemoveTier'; meta: CommandMeta; tierId: string; members: number };

export const initialTierLadder = (): TierLadderState => ({ tiers: {} });

export function evolveTierLadder(state: TierLadderState, event: TierEvent): TierLadderState {
  switch (event.type) {
    case T.Defined:
      return {
        tiers: {
          ...state.tiers,
          [event.tierId]: {
            id: event.tierId,
            isSystemTier: event.isSystemTier,
            systemType: event.systemType,
            settings: {
              ...event.settings,
              tierRewards: storedTierRewards(event.settings.tierRewards, event.eventId, event.occurredAt),
            },
          },
        },
      };
    case T.Updated: {
      const tier = state.tiers[event.tierId];
      const changes =
        event.changes.tierRewards === undefined
          ? event.changes
          : {
              ...event.changes,
              tierRewards: storedTierRewards(event.changes.tierRewards, event.eventId, event.occurredAt),
            };
      return {
        tiers: { ...state.tiers, [event.tierId]: { ...tier, settings: { ...tier.settings, ...changes } } },
      };
    }
    case T.Removed: {
      const { [event.tierId]: _removed, ...rest } = state.tiers;
      return { tiers: rest };
    }
    default:
      return assertNever(event);
  }
}

function checkSettings(state: TierLadderState, tierId: string, name: string, targetPoint: number): void {
  if (typeof name !== 'string' || !name.trim() || name.length > 100)
    throw because.badRequest('name must be a text of 1 to 100 characters', { field: 'name' });
  if (!isIntegerIn(targetPoint, 0, MAX_POINTS)) {
    throw because.badRequest(`targetPoint must be an integer from 0 to ${MAX_POINTS.toLocaleString('en')}`, {
      field: 'targetPoint',
    });
  }
  for (const other of Object.values(state.tiers)) {
    if (other.id === tierId) continue;
    if (other.settings.name.trim().toLowerCase() === name.trim().toLowerCase()) {
      throw because.tierNameTaken(name);
    }
    if (other.settings.targetPoint === targetPoint) {
      throw because.tierTargetTaken(other.settings.name, targetPoint);
    }
  }
}

/** The fields every tier event carries. */
type EventBase = { eventId: string; occurredAt: string; shopId: string };

function updateTier(
  command: Extract<TierCommand, { type: 'UpdateTier' }>,
  state: TierLadderState,
  base: EventBase,
): TierEvent[] {
  const { meta } = command;
  const tier = state.tiers[command.tierId];
  if (!tier) throw because.notFound('Tier');
  const { tierRewards, ...fields } = command.changes;
  const next = { ...tier.settings, ...fields };
  if (tier.isSystemTier && next.targetPoint !== 0) {
    throw because.badRequest('the base tier always starts at 0 points', { field: 'targetPoint' });
  }
  checkSettings(state, tier.id, next.name, next.targetPoint);
  const rewards =
    tierRewards === undefined
      ? {}
      : {
          tierRewards: readTierRewards(tierRewards, tier.settings.tierRewards, meta, {
            baseTier: tier.isSystemTier,
          }),
        };
  const changes = changedFields(tier.settings, { ...fields, ...rewards });
  if (Object.keys(changes).length === 0) return [];
  return [
    {
      ...base,
      type: T.Updated,
      tierId: tier.id,
      changes,
      previousName: tier.settings.name,
      previousTargetPoint: tier.settings.targetPoint,
    },
  ];
}

export function decideTierLadder(command: TierCommand, state: TierLadderState): TierEvent[] {
  const { meta } = command;
  const base = { eventId: meta.newId(), occurredAt: meta.occurredAt, shopId: meta.shopId };
  switch (command.type) {
    case 'DefineBaseTier': {
      if (Object.values(state.tiers).some((t) => t.isSystemTier)) return [];
      return [
        {
          ...base,
          type: T.Defined,
          tierId: meta.newId(),
          isSystemTier: true,
          systemType: command.systemType,
          settings: { ...DEFAULT_TIER_SETTINGS, name: command.name, targetPoint: 0 },
        },
      ];
    }
    case 'DefineTier': {
      const { tierRewards, ...fields } = command.settings;
      checkSettings(state, command.tierId, fields.name, fields.targetPoint);
      const settings: TierSettings = {
        ...DEFAULT_TIER_SETTINGS,
        ...fields,
        tierRewards: readTierRewards(tierRewards ?? [], [], meta, { baseTier: false }),
      };
      return [{ ...base, type: T.Defined, tierId: command.tierId, isSystemTier: false, systemType: null, settings }];
    }
    case 'UpdateTier':
      return updateTier(command, state, base);
    case 'RemoveTier': {
      const tier = state.tiers[command.tierId];
      if (!tier) throw because.notFound('Tier');
      if (tier.isSystemTier) throw because.badRequest('the base tier cannot be deleted', { field: 'tierId' });
      if (command.members > 0) {
        throw because.tierHasMembers(tier.settings.name, command.members);
      }
      return [{ ...base, type: T.Removed, tierId: tier.id, name: tier.settings.name }];
    }
    default:
      return assertNever(command);
  }
}

export const tierLadder: Decider<TierLadderState, TierCommand, TierEvent> = {
  initialState: initialTierLadder,
  evolve: evolveTierLadder,
  decide: decideTierLadder,
};
