import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { because } from '../../shared/domain/domain-error';
import { isInteger, isOneOf } from '../../shared/domain/guards';
import {
  EarningLimitPolicy,
  MembershipPolicy,
  StorefrontPolicy,
  TierRetentionPolicy,
  PLANS,
  PointsExpiryPolicy,
  ShopEvent,
  ShopEventType,
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
  | { type: 'SetStorefront'; meta: CommandMeta; policy: StorefrontPolicy };

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

function checkTierRetention(policy: TierRetentionPolicy): void {
  // Day buckets reach back 800 days: a 24-month window fits.
  if (!(isInteger(policy.assessmentMonths) && policy.assessmentMonths >= 1 && policy.assessmentMonths <= 36))
    throw because.badRequest('assessmentMonths must be an integer from 1 to 36', { field: 'assessmentMonths' });
  if (!(isInteger(policy.windowMonths) && policy.windowMonths >= 1 && policy.windowMonths <= 24))
    throw because.badRequest('windowMonths must be an integer from 1 to 24', { field: 'windowMonths' });
}

function checkEarningLimit(policy: EarningLimitPolicy, tierIds: readonly string[]): void {
  const cap = (n: unknown) => isInteger(n) && n >= 0 && n <= 1_000_000_000;
  if (!cap(policy.maxPoints))
    throw because.badRequest('maxPoints must be an integer from 0 to 1,000,000,000', { field: 'maxPoints' });
  if (!['day', 'week', 'month', 'year'].includes(policy.period))
    throw because.badRequest('period must be day, week, month or year', { field: 'period' });
  for (const [i, t] of policy.tiers.entries()) {
    if (!t || typeof t.tierId !== 'string' || !t.tierId)
      throw because.badRequest(`tiers[${i}].tierId is required`, { field: `tiers[${i}].tierId` });
    if (t.maxPoints !== null && !cap(t.maxPoints))
      throw because.badRequest(`tiers[${i}].maxPoints must be null (unlimited) or an integer of 0 or more`, {
        field: `tiers[${i}].maxPoints`,
      });
    if (!tierIds.includes(t.tierId))
      throw because.badRequest(`tiers[${i}].tierId is not a tier of this shop`, { field: `tiers[${i}].tierId` });
  }
  if (new Set(policy.tiers.map((t) => t.tierId)).size !== policy.tiers.length)
    throw because.badRequest('tiers must name each tier once', { field: 'tiers' });
}

function checkPointsExpiry(policy: PointsExpiryPolicy): void {
  if (!['off', 'inactivity', 'fixed_date'].includes(policy.mode))
    throw because.badRequest('mode must be off, inactivity or fixed_date', { field: 'mode' });
  const days = policy.inactivityDays;
  if (policy.mode === 'inactivity' && !(isInteger(days) && days >= 1 && days <= 3650)) {
    throw because.badRequest('inactivityDays must be an integer from 1 to 3650', { field: 'inactivityDays' });
  }
  if (
    policy.mode === 'fixed_date' &&
    !(
      policy.fixedDate &&
      /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(policy.fixedDate) &&
      policy.fixedDate !== '02-29'
    )
  ) {
    throw because.badRequest('fixedDate must be a day as MM-DD (not 02-29)', { field: 'fixedDate' });
  }
}

function checkMembership(policy: MembershipPolicy): void {
  for (const field of ['excludedTags', 'excludedSegments'] as const) {
    const list = policy[field];
    if (
      !Array.isArray(list) ||
      list.length > 100 ||
      list.some((v) => typeof v !== 'string' || !v.trim() || v.length > 255)
    )
      throw because.badRequest(`${field} must be at most 100 non-empty names`, { field });
  }
}

/** A shop: provisioned once per domain; its settings replaced whole, each checked field by field. */
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
      checkTierRetention(command.policy);
      return [{ type: ShopEventType.TierRetentionSet, ...base, policy: command.policy }];
    case 'SetMembership':
      checkMembership(command.policy);
      return [{ type: ShopEventType.MembershipSet, ...base, policy: command.policy }];
    case 'SetStorefront':
      return [{ type: ShopEventType.StorefrontSet, ...base, policy: command.policy }];
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
