import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { isOneOf } from '../../shared/domain/guards';
import { MAX_INACTIVITY_DAYS } from '../settings/shop-settings';
import {
  AccountingPolicy,
  EarningLimitPolicy,
  FeedConnectionPolicy,
  ChatConnectionPolicy,
  MembershipPolicy,
  StorefrontPolicy,
  TierRetentionPolicy,
  PLANS,
  PointsExpiryPolicy,
  ShopEvent,
  ShopEventType,
  WalletPassSectionChange,
} from './shop-events';

export interface ShopState {
  provisioned: boolean;
  domain: string | null;
}

export type ShopCommand =
  | {
      type: 'ProvisionShop';
      meta: CommandMeta;
      domain: string;
      plan: string;
      currency: string;
      timezone: string;
      appKey: string;
    }
  | { type: 'RotateSecret'; meta: CommandMeta; appKey: string }
  | { type: 'RotateHeadlessSecret'; meta: CommandMeta }
  | { type: 'SetPlatformWebhookSecret'; meta: CommandMeta; cleared: boolean }
  | { type: 'SetPointsExpiry'; meta: CommandMeta; policy: PointsExpiryPolicy }
  /** `tierIds`: the shop's tiers; a per-tier cap must name one of them. */
  | { type: 'SetEarningLimit'; meta: CommandMeta; policy: EarningLimitPolicy; tierIds: readonly string[] }
  | { type: 'SetTierRetention'; meta: CommandMeta; policy: TierRetentionPolicy }
  | { type: 'SetMembership'; meta: CommandMeta; policy: MembershipPolicy }
  | { type: 'SetStorefront'; meta: CommandMeta; policy: StorefrontPolicy }
  | { type: 'SetAccounting'; meta: CommandMeta; policy: AccountingPolicy }
  | { type: 'SetFeedConnection'; meta: CommandMeta; policy: FeedConnectionPolicy; appSecretChanged: boolean }
  | { type: 'SetChatConnection'; meta: CommandMeta; policy: ChatConnectionPolicy; channelSecretChanged: boolean }
  | { type: 'SetWalletPasses'; meta: CommandMeta; alpha: WalletPassSectionChange; beta: WalletPassSectionChange };

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const CURRENCY = /^[A-Z]{3}$/;

export function isValidTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function requireProvisioned(state: ShopState): void {
  if (!state.provisioned) throw because.notFound('Shop');
}

function checkProvisioning(state: ShopState, command: Extract<ShopCommand, { type: 'ProvisionShop' }>): void {
  if (state.provisioned) throw because.shopExists(command.domain);
  if (!DOMAIN.test(command.domain))
    throw because.badRequest('domain must be a host name such as shop.example.com', { field: 'domain' });
  if (!isOneOf(PLANS, command.plan)) {
    throw because.badRequest(`plan must be one of ${PLANS.join(', ')}`, { field: 'plan' });
  }
  if (!CURRENCY.test(command.currency))
    throw because.badRequest('currency must be an ISO 4217 code such as USD', { field: 'currency' });
  if (!isValidTimezone(command.timezone))
    throw because.badRequest('timezone must be an IANA zone such as UTC', { field: 'timezone' });
}

/**
 * The relations of the shop's settings. Each field's own rule (types, bounds, value lists) is its
 * schema's (settings/shop-settings.schema.ts), checked at the edge; what is left is what one field
 * says of another or of the shop: per-tier caps name the shop's tiers, each once.
 */
function checkEarningLimit(policy: EarningLimitPolicy, tierIds: readonly string[]): void {
  for (const [i, t] of policy.tiers.entries())
    if (!tierIds.includes(t.tierId))
      throw because.badRequest(`tiers[${i}].tierId is not a tier of this shop`, { field: `tiers[${i}].tierId` });
  if (new Set(policy.tiers.map((t) => t.tierId)).size !== policy.tiers.length)
    throw because.badRequest('tiers must name each tier once', { field: 'tiers' });
}

/** A mode needs its term: the days without activity, or the day of the year. */
function checkPointsExpiry(policy: PointsExpiryPolicy): void {
  if (policy.mode === 'inactivity' && policy.inactivityDays === null)
    throw because.badRequest(`inactivityDays must be an integer from 1 to ${MAX_INACTIVITY_DAYS}`, {
      field: 'inactivityDays',
    });
  if (policy.mode === 'fixed_date' && policy.fixedDate === null)
    throw because.badRequest('fixedDate must be a day as MM-DD (not 02-29)', { field: 'fixedDate' });
}

/** A shop: provisioned once per domain; its settings replaced whole (parsed by their schemas at the edge). */
function decideShop(command: ShopCommand, state: ShopState): ShopEvent[] {
  const base = eventBase(command.meta);
  if (command.type === 'ProvisionShop') {
    checkProvisioning(state, command);
    const { domain, plan, currency, timezone, appKey } = command;
    return [{ type: ShopEventType.Provisioned, ...base, domain, plan, currency, timezone, appKey }];
  }
  // Every other command changes a shop that exists.
  requireProvisioned(state);
  switch (command.type) {
    case 'RotateSecret':
      return [{ type: ShopEventType.SecretRotated, ...base, appKey: command.appKey }];
    case 'RotateHeadlessSecret':
      return [{ type: ShopEventType.HeadlessSecretRotated, ...base }];
    case 'SetPlatformWebhookSecret':
      return [{ type: ShopEventType.PlatformWebhookSecretSet, ...base, cleared: command.cleared }];
    case 'SetPointsExpiry':
      checkPointsExpiry(command.policy);
      return [{ type: ShopEventType.PointsExpirySet, ...base, policy: command.policy }];
    case 'SetEarningLimit':
      checkEarningLimit(command.policy, command.tierIds);
      return [{ type: ShopEventType.EarningLimitSet, ...base, policy: command.policy }];
    case 'SetTierRetention':
      return [{ type: ShopEventType.TierRetentionSet, ...base, policy: command.policy }];
    case 'SetMembership':
      return [{ type: ShopEventType.MembershipSet, ...base, policy: command.policy }];
    case 'SetStorefront':
      return [{ type: ShopEventType.StorefrontSet, ...base, policy: command.policy }];
    case 'SetAccounting':
      return [{ type: ShopEventType.AccountingSet, ...base, policy: command.policy }];
    case 'SetFeedConnection': {
      const { policy, appSecretChanged } = command;
      return [{ type: ShopEventType.FeedConnectionSet, ...base, policy, appSecretChanged }];
    }
    case 'SetChatConnection': {
      const { policy, channelSecretChanged } = command;
      return [{ type: ShopEventType.ChatConnectionSet, ...base, policy, channelSecretChanged }];
    }
    case 'SetWalletPasses':
      return [{ type: ShopEventType.WalletPassesSet, ...base, alpha: command.alpha, beta: command.beta }];
    default:
      return assertNever(command);
  }
}

export const shopDecider: Decider<ShopState, ShopCommand, ShopEvent> = {
  initialState: () => ({ provisioned: false, domain: null }),
  evolve: (state, event) =>
    event.type === ShopEventType.Provisioned ? { provisioned: true, domain: event.domain } : state,
  decide: decideShop,
};
