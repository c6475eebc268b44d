import { Decider } from '../../shared/domain/decider';
import { because, DomainError } from '../../shared/domain/domain-error';
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
  | { type: 'RotateSecret'; shopId: string; eventId: string; occurredAt: string; appKey: string }
  | { type: 'RotateHeadlessSecret'; shopId: string; eventId: string; occurredAt: string }
  | { type: 'SetPointsExpiry'; shopId: string; eventId: string; occurredAt: string; policy: PointsExpiryPolicy }
  | { type: 'SetEarningLimit'; shopId: string; eventId: string; occurredAt: string; policy: EarningLimitPolicy }
  | { type: 'SetTierRetention'; shopId: string; eventId: string; occurredAt: string; policy: TierRetentionPolicy }
  | { type: 'SetMembership'; shopId: string; eventId: string; occurredAt: string; policy: MembershipPolicy }
  | { type: 'SetStorefront'; shopId: string; eventId: string; occurredAt: string; policy: StorefrontPolicy }
  | {
      type: 'ProvisionShop';
      shopId: string;
      eventId: string;
      occurredAt: string;
      domain: string;
      plan: string;
      currency: string;
      timezone: string;
      appKey: string;
    };

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

export const shopDecider: Decider<ShopState, ShopCommand, ShopEvent> = {
  initialState: () => ({ provisioned: false, domain: null }),
  evolve: (state, event) =>
    event.type === ShopEventType.Provisioned ? { provisioned: true, domain: event.domain } : state,
  decide: (command, state) => {
    if (command.type === 'SetTierRetention') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { policy } = command;
      // Day buckets reach back 800 days: a 24-month window fits.
      if (!(Number.isInteger(policy.assessmentMonths) && policy.assessmentMonths >= 1 && policy.assessmentMonths <= 36))
        throw because.badRequest('assessmentMonths must be an integer from 1 to 36', { field: 'assessmentMonths' });
      if (!(Number.isInteger(policy.windowMonths) && policy.windowMonths >= 1 && policy.windowMonths <= 24))
        throw because.badRequest('windowMonths must be an integer from 1 to 24', { field: 'windowMonths' });
      return [
        {
          type: ShopEventType.TierRetentionSet,
          eventId: command.eventId,
          occurredAt: command.occurredAt,
          shopId: command.shopId,
          policy,
        },
      ];
    }
    if (command.type === 'SetEarningLimit') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { policy } = command;
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
      }
      if (new Set(policy.tiers.map((t) => t.tierId)).size !== policy.tiers.length)
        throw because.badRequest('tiers must name each tier once', { field: 'tiers' });
      return [
        {
          type: ShopEventType.EarningLimitSet,
          eventId: command.eventId,
          occurredAt: command.occurredAt,
          shopId: command.shopId,
          policy,
        },
      ];
    }
    if (command.type === 'SetPointsExpiry') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { policy } = command;
      if (!['off', 'inactivity', 'fixed_date'].includes(policy.mode))
        throw because.badRequest('mode must be off, inactivity or fixed_date', { field: 'mode' });
      if (
        policy.mode === 'inactivity' &&
        !(Number.isInteger(policy.inactivityDays) && policy.inactivityDays! >= 1 && policy.inactivityDays! <= 3650)
      ) {
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
      return [
        {
          type: ShopEventType.PointsExpirySet,
          eventId: command.eventId,
          occurredAt: command.occurredAt,
          shopId: command.shopId,
          policy,
        },
      ];
    }
    if (command.type === 'SetMembership') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { policy } = command;
      for (const field of ['excludedTags', 'excludedSegments'] as const) {
        const list = policy[field];
        if (
          !Array.isArray(list) ||
          list.length > 100 ||
          list.some((v) => typeof v !== 'string' || !v.trim() || v.length > 255)
        )
          throw because.badRequest(`${field} must be at most 100 non-empty names`, { field });
      }
      const { type: _type, ...fields } = command;
      return [{ ...fields, type: ShopEventType.MembershipSet }];
    }
    if (command.type === 'SetStorefront') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { type: _type, ...fields } = command;
      return [{ ...fields, type: ShopEventType.StorefrontSet }];
    }
    if (command.type === 'RotateHeadlessSecret') {
      if (!state.provisioned) throw because.notFound('Shop');
      const { type: _type, ...fields } = command;
      return [{ ...fields, type: ShopEventType.HeadlessSecretRotated }];
    }
    if (command.type === 'RotateSecret') {
      if (!state.provisioned) throw because.notFound('Shop');
      return [
        {
          type: ShopEventType.SecretRotated,
          eventId: command.eventId,
          occurredAt: command.occurredAt,
          shopId: command.shopId,
          appKey: command.appKey,
        },
      ];
    }
    if (state.provisioned) throw new DomainError('SHOP_EXISTS', `A shop for ${command.domain} already exists`, 409);
    if (!DOMAIN.test(command.domain))
      throw because.badRequest('domain must be a host name such as shop.example.com', { field: 'domain' });
    if (!isOneOf(PLANS, command.plan)) {
      throw because.badRequest(`plan must be one of ${PLANS.join(', ')}`, { field: 'plan' });
    }
    if (!CURRENCY.test(command.currency))
      throw because.badRequest('currency must be an ISO 4217 code such as USD', { field: 'currency' });
    if (!isValidTimezone(command.timezone))
      throw because.badRequest('timezone must be an IANA zone such as UTC', { field: 'timezone' });
    const { type: _type, ...fields } = command;
    return [{ ...fields, type: ShopEventType.Provisioned }];
  },
};
