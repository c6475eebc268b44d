import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta } from '../../shared/domain/command-meta';
import { because, DomainError } from '../../shared/domain/domain-error';
import { changedFields, isInteger, isOneOf } from '../../shared/domain/guards';
import { isIntegerIn, isMoney, MAX_DAYS, MAX_POINTS } from '../../shared/domain/limits';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as T, TierSettings } from './tier-events';

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
      settings: Partial<TierSettings> & { name: string; targetPoint: number };
    }
  | { type: 'UpdateTier'; meta: CommandMeta; tierId: string; changes: Partial<TierSettings> }
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
            settings: event.settings,
          },
        },
      };
    case T.Updated: {
      const tier = state.tiers[event.tierId];
      return {
        tiers: { ...state.tiers, [event.tierId]: { ...tier, settings: { ...tier.settings, ...event.changes } } },
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
      throw new DomainError('TIER_NAME_TAKEN', `A tier named "${name}" already exists`, 409, { field: 'name' });
    }
    if (other.settings.targetPoint === targetPoint) {
      throw new DomainError(
        'TIER_TARGET_TAKEN',
        `Tier "${other.settings.name}" already starts at ${targetPoint} points`,
        409,
        {
          field: 'targetPoint',
        },
      );
    }
  }
}

const COUPON_TYPES = ['fixed_amount', 'percentage', 'free_shipping'];

/**
 * What a tier pays when a customer enters it (with triggerReward): `{type: 'points', points}` bonus
 * points, or `{type: 'coupon', rewardType, rewardValue, expiresInDays?, title?}` a coupon. Any other
 * type is a benefit shown to shoppers (e.g. tier_privileges) and never paid.
 */
function checkTierRewards(rewards: Array<Record<string, unknown>>): void {
  if (!Array.isArray(rewards) || rewards.length > 20)
    throw because.badRequest('tierRewards must be a list of at most 20 rewards', { field: 'tierRewards' });
  for (const [i, r] of rewards.entries()) {
    const field = `tierRewards[${i}]`;
    if (!r || typeof r !== 'object' || Array.isArray(r))
      throw because.badRequest(`${field} must be an object`, { field });
    if (r.type === 'points') {
      if (!isInteger(r.points) || r.points < 1 || r.points > 1_000_000)
        throw because.badRequest(`${field}.points must be an integer from 1 to 1,000,000`, {
          field: `${field}.points`,
        });
    } else if (r.type === 'coupon') {
      if (!isOneOf(COUPON_TYPES, r.rewardType))
        throw because.badRequest(`${field}.rewardType must be one of ${COUPON_TYPES.join(', ')}`, {
          field: `${field}.rewardType`,
        });
      if (
        r.rewardType !== 'free_shipping' &&
        !(isMoney(r.rewardValue) && (r.rewardType !== 'percentage' || r.rewardValue <= 100))
      ) {
        throw because.badRequest(`${field}.rewardValue must be a positive amount (a percent up to 100)`, {
          field: `${field}.rewardValue`,
        });
      }
      if (r.expiresInDays !== undefined && r.expiresInDays !== null && !isIntegerIn(r.expiresInDays, 1, MAX_DAYS)) {
        throw because.badRequest(`${field}.expiresInDays must be an integer from 1 to ${MAX_DAYS}`, {
          field: `${field}.expiresInDays`,
        });
      }
    } else if (typeof r.type !== 'string' || !r.type) {
      // Other types (privileges, perks) are shown as benefits and never paid out.
      throw because.badRequest(`${field}.type is required (points, coupon, or a benefit type of your own)`, {
        field: `${field}.type`,
      });
    }
  }
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
      const settings = { ...DEFAULT_TIER_SETTINGS, ...command.settings };
      checkSettings(state, command.tierId, settings.name, settings.targetPoint);
      checkTierRewards(settings.tierRewards);
      return [{ ...base, type: T.Defined, tierId: command.tierId, isSystemTier: false, systemType: null, settings }];
    }
    case 'UpdateTier': {
      const tier = state.tiers[command.tierId];
      if (!tier) throw because.notFound('Tier');
      const next = { ...tier.settings, ...command.changes };
      if (tier.isSystemTier && next.targetPoint !== 0) {
        throw because.badRequest('the base tier always starts at 0 points', { field: 'targetPoint' });
      }
      checkSettings(state, tier.id, next.name, next.targetPoint);
      checkTierRewards(next.tierRewards);
      const changes = changedFields(tier.settings, command.changes);
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
    case 'RemoveTier': {
      const tier = state.tiers[command.tierId];
      if (!tier) throw because.notFound('Tier');
      if (tier.isSystemTier) throw because.badRequest('the base tier cannot be deleted', { field: 'tierId' });
      if (command.members > 0) {
        throw new DomainError(
          'TIER_HAS_MEMBERS',
          `Tier "${tier.settings.name}" still has ${command.members} members`,
          409,
        );
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
