import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { ProfileDetails } from './enrolment.events';
import { Membership } from './membership.events';
import { TierRung } from '../../tiers/domain/tier-rung';
import {
  AT,
  earningRule,
  givenCustomer,
  ledgerSpec as spec,
  recordOrder,
} from '../../../test/support/customer-ledger-given';

/** Opt-in enrolment: guests earn nothing until they join; one who left cannot join again. */
const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 40 },
];
const { meta, enrolled: enrolledAs, enrol } = givenCustomer({ platformCustomerId: 42, email: 'ada@example.com' });
const signUp = { programId: 'p-signup', programTitle: 'Sign up', points: 50 };

const enrolled = (membership?: Membership, details?: ProfileDetails): CustomerEvent =>
  enrolledAs({ firstName: 'Ada', ...(membership ? { membership } : {}), ...(details ? { details } : {}) });

const changed = (membership: 'guest' | 'member' | 'left', at = '2026-02-01T00:00:00.000Z'): CustomerEvent => ({
  type: T.MembershipChanged,
  eventId: 'm',
  occurredAt: at,
  shopId: 's',
  customerId: 'c',
  membership,
  joinFrom: null,
  source: 'rest_api',
});

const join = (extra: Record<string, unknown> = {}) => ({
  type: 'JoinProgram' as const,
  meta: meta(),
  joinFrom: 'loyalty_page',
  source: 'source_headless',
  excludeB2B: false,
  signUp,
  tiers,
  ...extra,
});

describe('membership (opt-in enrolment)', () => {
  it('given an opt-in shop, when a customer enrols, then they are a guest and get no sign-up points', () => {
    spec
      .given([])
      .when(
        enrol({
          firstName: 'Ada',
          baseTier: tiers[0],
          signUp,
          tiers,
          optIn: true,
          details: { phone: '+15550001', marketingConsent: true },
        }),
      )
      .thenMatches([
        { type: T.Enrolled, membership: 'guest', details: { phone: '+15550001', marketingConsent: true } },
      ]);
  });

  it('given a guest, when they join, then they are a member and get the sign-up points (tier ladder followed)', () => {
    spec
      .given([enrolled('guest')])
      .when(join())
      .thenMatches([
        { type: T.MembershipChanged, membership: 'member', joinFrom: 'loyalty_page', source: 'source_headless' },
        { type: T.PointsAwarded, points: 50, oldPoint: 0, newPoint: 50, event: 'sign_up' },
        { type: T.TierChanged, toTierId: 'silver', direction: 'up' },
      ]);
  });

  it('given a member, when they join again, then nothing happens (and it is no error)', () => {
    spec.given([enrolled()]).when(join()).thenNothing();
    spec
      .given([enrolled('guest'), changed('member')])
      .when(join())
      .thenNothing();
  });

  it('given a customer who left, when they join, then NOT_ELIGIBLE', () => {
    spec
      .given([enrolled('guest'), changed('member'), changed('left')])
      .when(join())
      .thenThrows('NOT_ELIGIBLE', 403);
  });

  it('given a B2B guest on a shop excluding B2B, when they join, then NOT_ELIGIBLE', () => {
    spec
      .given([enrolled('guest', { isB2B: true })])
      .when(join({ excludeB2B: true }))
      .thenThrows('NOT_ELIGIBLE', 403);
    spec
      .given([enrolled('guest', { isB2B: true })])
      .when(join({ excludeB2B: false }))
      .thenMatches([{ type: T.MembershipChanged }, { type: T.PointsAwarded }, { type: T.TierChanged }]);
  });

  it('given a guest, when a social program would pay, then NOT_ELIGIBLE; a member is paid', () => {
    const earn = {
      type: 'EarnFromProgram' as const,
      meta: meta(),
      program: { programId: 'p-follow', programTitle: 'Follow', event: 'follow_photo', points: 10, once: true },
      source: 'rest_api',
      tiers,
    };
    spec
      .given([enrolled('guest')])
      .when(earn)
      .thenThrows('NOT_ELIGIBLE', 403);
    spec
      .given([enrolled('guest'), changed('member'), changed('left')])
      .when(earn)
      .thenThrows('NOT_ELIGIBLE', 403);
    spec
      .given([enrolled()])
      .when(earn)
      .thenMatches([{ type: T.PointsAwarded, points: 10 }]);
  });

  it('given a guest, when an order is paid, then it is recorded and earns nothing', () => {
    spec
      .given([enrolled('guest')])
      .when(
        recordOrder(meta(), '9001', 10_000, {
          earning: {
            ...earningRule({ earnBy: 'flat', earnPoint: 100, rateMoney: null, roundingMethod: 'round' }),
            pendingDays: 0,
            includeProducts: [],
            excludeProducts: [],
            includeCollections: [],
            excludeCollections: [],
          },
          tiers,
        }),
      )
      .thenMatches([{ type: T.OrderRecorded, orderId: '9001' }]);
  });

  it('given a member, when the merchant takes them out, then they left (once)', () => {
    spec
      .given([enrolled()])
      .when({ type: 'LeaveProgram', meta: meta(), source: 'rest_api' })
      .thenMatches([{ type: T.MembershipChanged, membership: 'left' }]);
    spec
      .given([enrolled(), changed('left')])
      .when({ type: 'LeaveProgram', meta: meta(), source: 'rest_api' })
      .thenNothing();
  });

  it('given profile details, when the platform repeats them, then nothing changes; a change is recorded', () => {
    const update = (details: Record<string, unknown>) => ({
      type: 'UpdateProfile' as const,
      meta: meta(),
      details,
      source: 'platform',
    });
    const given = [enrolled('member', { phone: '+1', tags: ['vip'], marketingConsent: false })];
    spec
      .given(given)
      .when(update({ phone: '+1', tags: ['vip'], marketingConsent: false }))
      .thenNothing();
    spec
      .given(given)
      .when(update({ phone: '+2', tags: ['vip', 'wholesale'], smsMarketingConsent: true }))
      .then([
        {
          type: T.ProfileUpdated,
          eventId: 'n-1',
          occurredAt: AT,
          shopId: 's',
          customerId: 'c',
          changes: { phone: '+2', tags: ['vip', 'wholesale'], smsMarketingConsent: true },
          source: 'platform',
        },
      ]);
  });
});
