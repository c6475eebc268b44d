import { deciderSpec, sequentialIds } from '../../../../test/support/decider-spec';
import { referralRuleOf } from '../../../programs/kinds/referral-rule';
import {
  ClaimReferralCode,
  claimRefusalOf,
  referralClaim,
  ReferralClaimEvent,
  ReferralClaimEventType as C,
  referralClaimStreamId,
} from './referral-claim.decider';
import { ReferralCandidate } from './referral-candidate';
import { ReferralRefusal } from './referral-refusals';

/** A visitor claims a code before signing up, on the claim's own stream: the first eligible claim wins. */
const spec = deciderSpec(referralClaim);
const AT = '2026-03-01T10:00:00.000Z';
const terms = { programId: 'p-ref', programTitle: 'Refer', rule: referralRuleOf({}), points: 500, limit: null };
const rita: ReferralCandidate = {
  status: 'found',
  code: 'RITA0001',
  referrer: {
    customerId: 'rita',
    platformCustomerId: 1,
    email: 'rita@example.com',
    excluded: false,
    membership: 'member',
  },
  terms,
};
const otto: ReferralCandidate = {
  ...rita,
  code: 'OTTO0001',
  referrer: { ...rita.referrer, customerId: 'otto', email: 'otto@example.com' },
};

const claim = (candidate: ReferralCandidate, fields: Partial<ClaimReferralCode> = {}): ClaimReferralCode => ({
  type: 'ClaimReferralCode',
  meta: { shopId: 's', occurredAt: AT, newId: sequentialIds('e') },
  friend: { key: 'k-fred', label: 'f•••@e•••.com', email: 'fred@example.com' },
  candidate,
  alreadyCustomer: false,
  ...fields,
});
const claimed: ReferralClaimEvent = {
  type: C.Claimed,
  eventId: 'c-1',
  occurredAt: AT,
  shopId: 's',
  friendKey: 'k-fred',
  friendLabel: 'f•••@e•••.com',
  code: 'RITA0001',
  programId: 'p-ref',
  referrerId: 'rita',
};

describe('referral claims (before sign-up)', () => {
  it('the first claim of an eligible code is recorded; the same code again records nothing', () => {
    spec
      .given([])
      .when(claim(rita))
      .then([{ ...claimed, eventId: 'e-1' }]);
    spec.given([claimed]).when(claim(rita)).thenNothing();
    expect(claimRefusalOf(claim(rita), spec.given([claimed]).state)).toBeNull();
  });

  it.each<[ReferralRefusal, ReferralCandidate, Partial<ClaimReferralCode>]>([
    ['unknown_code', { status: 'unknown', code: 'NOPE0000' }, {}],
    ['code_of_another_shop', { status: 'other_shop', code: 'ELSE0000' }, {}],
    ['no_program', { ...rita, terms: null }, {}],
    ['self_referral_same_email', rita, { friend: { key: 'k', label: 'r', email: 'Rita+2@Example.com' } }],
    ['referrer_excluded', { ...rita, referrer: { ...rita.referrer, excluded: true } }, {}],
    ['referrer_left', { ...rita, referrer: { ...rita.referrer, membership: 'left' } }, {}],
    ['already_customer', rita, { alreadyCustomer: true }],
  ])('%s: refused and recorded once', (reason, candidate, fields) => {
    const [refused] = spec
      .given([])
      .when(claim(candidate, fields))
      .thenMatches([{ type: C.Refused, reason, code: candidate.code }]);
    spec.given([refused]).when(claim(candidate, fields)).thenNothing();
    expect(claimRefusalOf(claim(candidate, fields), spec.given([refused]).state)).toEqual(reason);
  });

  it('a friend claimed for one referrer is refused for another (already_referred)', () => {
    spec
      .given([claimed])
      .when(claim(otto))
      .thenMatches([{ type: C.Refused, reason: 'already_referred', referrerId: 'otto' }]);
  });

  it("the stream's name carries neither the email nor the friend's key", () => {
    const id = referralClaimStreamId('s', 'k-fred');
    expect(id).toMatch(/^referral-claim-s-[0-9a-f]{40}$/);
    expect(id).not.toContain('k-fred');
  });
});
