import { CustomerCommand } from '../../customer-ledger';
import { CommandMeta } from '../../customer-stream';
import { CustomerEvent, CustomerEventType as T, ReferralTerms } from '../../customer-events';
import { enrolCustomer, ledgerRun, recordOrder, recordRefund } from '../../../../test/support/customer-ledger-given';
import { referralRuleOf } from '../../../programs/kinds/referral-rule';
import { friendKeyOf, friendLabelOf } from './friend-identity';
import { CodeUse, ReferralCandidate, ReferrerFacts } from './referral-candidate';
import { OrderReferral } from './friend.decisions';
import { FriendNote, referralRewardIdOf, ReferralsCommand } from './referrer.decisions';

/**
 * Referrals on the ledger: the friend's side (attribution, its refusals, qualification by the first
 * qualifying order, disqualification when it goes away) and the referrer's (the link, the friends
 * noted, the reward paid once, after the waiting days, cancelled or taken back by policy).
 */
const SHOP = 's';
const ENROLLED_AT = '2026-03-01T09:00:00.000Z';
const AT = '2026-03-01T10:00:00.000Z';
const LATER = '2026-03-20T10:00:00.000Z';

const terms = (rule: Parameters<typeof referralRuleOf>[0] = {}, extra: Partial<ReferralTerms> = {}): ReferralTerms => ({
  programId: 'p-ref',
  programTitle: 'Refer a friend',
  rule: referralRuleOf(rule),
  points: 500,
  limit: null,
  ...extra,
});

const REFERRER: ReferrerFacts = {
  customerId: 'referrer',
  platformCustomerId: 1,
  email: 'rita@example.com',
  excluded: false,
  membership: 'member',
};

const found = (referrer: Partial<ReferrerFacts> = {}, t: ReferralTerms | null = terms()): ReferralCandidate => ({
  status: 'found',
  code: 'RITA0001',
  referrer: { ...REFERRER, ...referrer },
  terms: t,
});
const claimUse = (candidate = found(), claimedAt = '2026-03-01T08:00:00.000Z'): CodeUse => ({
  candidate,
  via: 'claim',
  claim: { eventId: 'claim-1', claimedAt },
});
const codeUse = (candidate = found()): CodeUse => ({ candidate, via: 'discount_code', claim: null });

/** A friend enrolled on ENROLLED_AT (the platform may say the account is older). */
function friend(fields: Partial<Extract<CustomerCommand, { type: 'EnrolCustomer' }>> = {}) {
  const run = ledgerRun({ shopId: SHOP, customerId: 'friend', platformCustomerId: 2 });
  run.run(ENROLLED_AT, (meta) => enrolCustomer(meta, { platformCustomerId: 2, email: 'fred@example.com', ...fields }));
  return run;
}

const attribute =
  (use: CodeUse) =>
  (meta: CommandMeta): CustomerCommand => ({ type: 'AttributeReferral', meta, use });
const order =
  (orderId: string, cents: number, referral: Partial<OrderReferral> = {}) =>
  (meta: CommandMeta) =>
    recordOrder(meta, orderId, cents, {
      referral: { use: null, subtotalCents: cents, fingerprints: [], ...referral },
    });
const types = (events: CustomerEvent[]) => events.map((e) => e.type);

describe('referrals: the friend is attributed once, with every refusal recorded', () => {
  it('a code claimed before sign-up attributes the new customer, with the terms of the program then; the same again is nothing', () => {
    const f = friend();
    const [attributed] = f.run(AT, attribute(claimUse()));
    expect(attributed).toMatchObject({
      type: T.ReferralAttributed,
      referrerId: 'referrer',
      code: 'RITA0001',
      via: 'claim',
      claimEventId: 'claim-1',
      friendKey: friendKeyOf(SHOP, 'fred@example.com'),
      friendLabel: 'f•••@e•••.com',
      terms: terms(),
      platformCustomerId: 2,
      email: 'fred@example.com',
    });
    expect(f.run(AT, attribute(claimUse()))).toEqual([]);
    expect(f.state().referral.referredBy).toMatchObject({ referrerId: 'referrer', qualifiedOrderId: null });
  });

  const refusalCases: Array<[string, () => ReturnType<typeof friend>, CodeUse]> = [
    ['unknown_code', friend, claimUse({ status: 'unknown', code: 'NOPE0000' })],
    ['code_of_another_shop', friend, claimUse({ status: 'other_shop', code: 'ELSE0000' })],
    ['no_program', friend, claimUse(found({}, null))],
    ['self_referral_same_customer', friend, codeUse(found({ customerId: 'friend' }))],
    ['self_referral_same_platform_id', friend, codeUse(found({ platformCustomerId: 2 }))],
    // The same person behind a +tag and dots (gmail ignores dots).
    [
      'self_referral_same_email',
      () => friend({ email: 'R.ita+second@googlemail.com' }),
      claimUse(found({ email: 'rita@gmail.com' })),
    ],
    ['referrer_excluded', friend, claimUse(found({ excluded: true }))],
    ['referrer_left', friend, claimUse(found({ membership: 'left' }))],
    // The account existed on the platform before the code was claimed.
    ['already_customer', () => friend({ platformCreatedAt: '2025-01-01T00:00:00.000Z' }), claimUse()],
  ];
  it.each(refusalCases)('%s: refused and recorded, once per code and reason', (reason, make, use) => {
    const f = make();
    const events = f.run(AT, attribute(use));
    expect(events).toMatchObject([{ type: T.ReferralRefused, reason, code: use.candidate.code, via: use.via }]);
    expect(f.state().referral.referredBy).toBeNull();
    expect(f.run(AT, attribute(use))).toEqual([]);
  });

  it('already referred: another referrer\u2019s code is refused; already a customer: a friend who has ordered', () => {
    const f = friend();
    f.run(AT, attribute(claimUse()));
    expect(f.run(AT, attribute(codeUse(found({ customerId: 'other', email: 'o@example.com' }))))).toMatchObject([
      { type: T.ReferralRefused, reason: 'already_referred', referrerId: 'other' },
    ]);
    const ordered = friend();
    ordered.run(AT, order('1', 1000));
    expect(ordered.run(AT, attribute(codeUse()))).toMatchObject([{ reason: 'already_customer' }]);
  });
});

describe('referrals: the first qualifying order qualifies the friend, once', () => {
  const MIN_50 = terms({ minimumSubtotal: 50 });

  it('an order with the code attributes the friend before it counts, and qualifies them in the same decision', () => {
    const f = friend();
    const events = f.run(AT, order('9001', 6000, { use: codeUse(found({}, MIN_50)), fingerprints: ['a:1'] }));
    expect(types(events)).toEqual([T.ReferralAttributed, T.OrderRecorded, T.ReferralQualified]);
    expect(events[2]).toMatchObject({
      referrerId: 'referrer',
      attributionEventId: events[0].eventId,
      orderId: '9001',
      subtotalCents: 6000,
      fingerprints: ['a:1'],
    });
  });

  it('an order below the minimum does not qualify; the next one above does; later ones do nothing', () => {
    const f = friend();
    f.run(AT, attribute(claimUse(found({}, MIN_50))));
    expect(types(f.run(AT, order('1', 4999)))).toEqual([T.OrderRecorded]);
    expect(types(f.run(AT, order('2', 5000)))).toEqual([T.OrderRecorded, T.ReferralQualified]);
    expect(types(f.run(AT, order('3', 9000)))).toEqual([T.OrderRecorded]);
    // The same order again records nothing at all.
    expect(f.run(AT, order('2', 5000))).toEqual([]);
  });

  it('the qualifying order cancelled, or refunded below the minimum, disqualifies the friend once; other refunds do not', () => {
    const cancelled = friend();
    cancelled.run(AT, attribute(claimUse(found({}, MIN_50))));
    cancelled.run(AT, order('1', 8000));
    cancelled.run(AT, order('2', 8000));
    expect(types(cancelled.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: '2' })))).toEqual([
      T.OrderCancelled,
    ]);
    expect(cancelled.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: '1' }))).toMatchObject([
      { type: T.OrderCancelled },
      { type: T.ReferralDisqualified, orderId: '1', cause: 'order_cancelled', referrerId: 'referrer' },
    ]);
    const refunded = friend();
    refunded.run(AT, attribute(claimUse(found({}, MIN_50))));
    refunded.run(AT, order('1', 8000));
    expect(types(refunded.run(AT, (meta) => recordRefund(meta, '1', 'r1', 2000)))).toEqual([T.RefundRecorded]);
    expect(refunded.run(AT, (meta) => recordRefund(meta, '1', 'r2', 1500))).toMatchObject([
      { type: T.RefundRecorded },
      { type: T.ReferralDisqualified, cause: 'order_refunded' },
    ]);
    expect(types(refunded.run(AT, (meta) => recordRefund(meta, '1', 'r3', 4500)))).toEqual([T.RefundRecorded]);
  });

  it('with no minimum, only a full refund disqualifies', () => {
    const f = friend();
    f.run(AT, attribute(claimUse()));
    f.run(AT, order('1', 3000));
    expect(types(f.run(AT, (meta) => recordRefund(meta, '1', 'r1', 2999)))).toEqual([T.RefundRecorded]);
    expect(types(f.run(AT, (meta) => recordRefund(meta, '1', 'r2', 1)))).toEqual([
      T.RefundRecorded,
      T.ReferralDisqualified,
    ]);
  });
});

/** A referrer with their own orders' fingerprints and `points` on their balance. */
function referrer(points = 0, membership: 'member' | 'guest' = 'member') {
  const run = ledgerRun({ shopId: SHOP, customerId: 'referrer', platformCustomerId: 1 });
  run.run(ENROLLED_AT, (meta) =>
    enrolCustomer(meta, { platformCustomerId: 1, email: 'rita@example.com', optIn: membership === 'guest' }),
  );
  run.run(ENROLLED_AT, (meta) => recordOrder(meta, 'own-1', 2000, { fingerprints: ['a:home', 'p:card'] }));
  if (points)
    run.run(ENROLLED_AT, (meta) => ({
      type: 'AwardPoints',
      meta,
      request: { points, source: 't', event: 'x' },
      tiers: [],
    }));
  return run;
}

const FRED = { key: 'k-fred', label: 'f•••@e•••.com', customerId: 'friend' };
const qualify =
  (t: ReferralTerms = terms(), fields: Partial<Extract<ReferralsCommand, { type: 'QualifyReferral' }>> = {}) =>
  (meta: CommandMeta): CustomerCommand => ({
    type: 'QualifyReferral',
    meta,
    friend: FRED,
    qualifiedEventId: 'q-fred',
    orderId: '9001',
    qualifiedAt: AT,
    terms: t,
    fingerprints: ['a:elsewhere'],
    exclusion: null,
    tiers: [],
    ...fields,
  });
const payDue = (meta: CommandMeta): CustomerCommand => ({
  type: 'PayReferralRewards',
  meta,
  exclusion: null,
  tiers: [],
});
const cancelReward =
  (cause: 'order_cancelled' | 'order_refunded' = 'order_refunded') =>
  (meta: CommandMeta): CustomerCommand => ({
    type: 'CancelReferralReward',
    meta,
    friendKey: FRED.key,
    cause,
  });
const noteFriend =
  (note: Partial<FriendNote>) =>
  (meta: CommandMeta): CustomerCommand => ({
    type: 'NoteReferralFriend',
    meta,
    note: {
      stage: 'invited',
      friendKey: FRED.key,
      friendLabel: FRED.label,
      friendCustomerId: null,
      programId: 'p-ref',
      via: null,
      reason: null,
      sourceEventId: 'src-1',
      ...note,
    },
  });

describe('referrals: the referrer is paid once per friend', () => {
  it('the link is made once, for a member only', () => {
    const r = referrer();
    const link = (meta: CommandMeta): CustomerCommand => ({
      type: 'CreateReferralLink',
      meta,
      code: 'RITA0001',
      link: 'https://shop.example.com/?ref=RITA0001',
      programId: 'p-ref',
    });
    expect(r.run(AT, link)).toMatchObject([
      { type: T.ReferralLinkCreated, code: 'RITA0001', email: 'rita@example.com' },
    ]);
    expect(r.run(AT, link)).toEqual([]);
    const guest = referrer(0, 'guest');
    expect(() => guest.run(AT, link)).toThrow(expect.objectContaining({ code: 'NOT_ELIGIBLE' }));
  });

  it('friends are noted invited, joined or refused, each source once; a later note never moves a friend back', () => {
    const r = referrer();
    expect(types(r.run(AT, noteFriend({})))).toEqual([T.ReferralFriendNoted]);
    expect(r.run(AT, noteFriend({}))).toEqual([]);
    r.run(AT, noteFriend({ stage: 'joined', sourceEventId: 'att-1', friendCustomerId: 'friend', via: 'claim' }));
    r.run(AT, noteFriend({ stage: 'invited', sourceEventId: 'claim-again' }));
    expect(r.state().referral.friends[FRED.key]).toMatchObject({ stage: 'joined', friendCustomerId: 'friend' });
  });

  it('without waiting days the reward is paid with the qualification: points, with the friend named on the row', () => {
    const r = referrer(100);
    const events = r.run(AT, qualify());
    expect(types(events)).toEqual([T.ReferralFriendQualified, T.PointsAwarded, T.ReferralRewardEarned]);
    expect(events[1]).toMatchObject({
      points: 500,
      oldPoint: 100,
      newPoint: 600,
      event: 'referral',
      source: 'referral',
      program: { programId: 'p-ref', programTitle: 'Refer a friend' },
      referral: { friendKey: FRED.key, friendCustomerId: 'friend', friendLabel: FRED.label },
    });
    expect(events[2]).toMatchObject({
      friendKey: FRED.key,
      reward: { kind: 'points', points: 500 },
      transactionId: (events[1] as { transactionId: string }).transactionId,
    });
    // Paid at most once per friend: the same qualification again, or another order of the friend.
    expect(r.run(AT, qualify())).toEqual([]);
    expect(r.run(AT, qualify(terms(), { qualifiedEventId: 'q-other', orderId: '9002' }))).toEqual([]);
    expect(r.state().points).toBe(600);
  });

  it('with waiting days the reward waits; the sweep pays it once it is due, and only once', () => {
    const r = referrer();
    expect(r.run(AT, qualify(terms({ waitingDays: 14 })))).toMatchObject([
      { type: T.ReferralFriendQualified, rewardDueAt: '2026-03-15T10:00:00.000Z' },
    ]);
    expect(r.run('2026-03-15T09:59:59.000Z', payDue)).toEqual([]);
    expect(types(r.run('2026-03-15T10:00:00.000Z', payDue))).toEqual([T.PointsAwarded, T.ReferralRewardEarned]);
    expect(r.run(LATER, payDue)).toEqual([]);
  });

  it('a coupon reward is due with an id of its own (minted next), and granted once', () => {
    const r = referrer();
    const coupon = { type: 'percentage_discount' as const, value: 15 };
    const events = r.run(AT, qualify(terms({ referrerReward: 'coupon', referrerCoupon: coupon })));
    expect(types(events)).toEqual([T.ReferralFriendQualified, T.ReferralRewardEarned]);
    expect(events[1]).toMatchObject({
      reward: { kind: 'coupon' },
      rewardId: referralRewardIdOf('q-fred'),
      transactionId: null,
    });
    const grant =
      (rewardId: string) =>
      (meta: CommandMeta): CustomerCommand => ({
        type: 'GrantReferralCoupon',
        meta,
        grant: {
          role: 'referral_reward',
          programId: 'p-ref',
          friendKey: FRED.key,
          dueEventId: events[1].eventId,
          reward: {
            rewardId,
            couponCode: 'REF-AAAA',
            discountId: null,
            priceRuleId: null,
            rewardType: 'percentage',
            rewardValue: 15,
            redeemType: 'fixed',
            orderReqAmount: null,
            expiresAt: null,
            programDescription: null,
            title: '15% off',
          },
        },
      });
    expect(r.run(AT, grant('someone-else'))).toEqual([]);
    expect(r.run(AT, grant(referralRewardIdOf('q-fred')))).toMatchObject([
      {
        type: T.CouponGranted,
        reason: 'referral_reward',
        // The coupon belongs to the program the friend was rewarded by: its title, not the coupon's words.
        referral: { programId: 'p-ref', programTitle: 'Refer a friend', friendKey: FRED.key },
      },
    ]);
    expect(r.run(AT, grant(referralRewardIdOf('q-fred')))).toEqual([]);
  });

  const refusedAtQualification: Array<[string, () => ReturnType<typeof referrer>, ReturnType<typeof qualify>]> = [
    ['referrer_left', () => referrer(0, 'guest'), qualify()],
    [
      'referrer_excluded',
      () => {
        const r = referrer();
        r.run(ENROLLED_AT, (meta) => ({ type: 'UpdateProfile', meta, details: { tags: ['Staff'] }, source: 't' }));
        return r;
      },
      qualify(terms(), { exclusion: { excludedTags: ['staff'], excludedSegments: [], excludeB2B: false } }),
    ],
    ['self_referral_same_address', referrer, qualify(terms(), { fingerprints: ['a:home'] })],
    ['self_referral_same_payment', referrer, qualify(terms(), { fingerprints: ['a:elsewhere', 'p:card'] })],
  ];
  it.each(refusedAtQualification)(
    '%s: the friend is refused (recorded, once), nothing is paid',
    (reason, make, command) => {
      const r = make();
      expect(r.run(AT, command)).toMatchObject([
        { type: T.ReferralFriendNoted, stage: 'refused', reason, sourceEventId: 'q-fred', friendCustomerId: 'friend' },
      ]);
      expect(r.run(AT, command)).toEqual([]);
      expect(r.state().points).toBe(0);
    },
  );

  it('rewards per referrer per period: the limit counts friends from their qualification; a cancelled one does not count', () => {
    const r = referrer();
    const limited = terms({ waitingDays: 7 }, { limit: { unit: 'month', times: 1 } });
    const other = (n: number) => ({ key: `k-${n}`, label: `f${n}`, customerId: `friend-${n}` });
    r.run(AT, qualify(limited));
    expect(r.run(AT, qualify(limited, { friend: other(2), qualifiedEventId: 'q-2' }))).toMatchObject([
      { stage: 'refused', reason: 'referrer_limit_reached' },
    ]);
    r.run(AT, cancelReward());
    expect(types(r.run(AT, qualify(limited, { friend: other(3), qualifiedEventId: 'q-3' })))).toEqual([
      T.ReferralFriendQualified,
    ]);
    // Next month, room again.
    expect(
      types(
        r.run(
          '2026-04-01T00:00:00.000Z',
          qualify(limited, { friend: other(4), qualifiedEventId: 'q-4', qualifiedAt: '2026-04-01T00:00:00.000Z' }),
        ),
      ),
    ).toEqual([T.ReferralFriendQualified]);
  });

  it('a referrer who has left by the due date is not paid: the reward is cancelled with the reason', () => {
    const r = referrer();
    r.run(AT, qualify(terms({ waitingDays: 3 })));
    r.run(AT, (meta) => ({ type: 'LeaveProgram', meta, source: 't' }));
    expect(r.run(LATER, payDue)).toMatchObject([{ type: T.ReferralRewardCancelled, cause: 'referrer_left' }]);
  });
});

describe('referrals: the qualifying order goes away', () => {
  it('before the reward is paid, the reward is cancelled; after that, nothing more', () => {
    const r = referrer();
    r.run(AT, qualify(terms({ waitingDays: 10 })));
    expect(r.run(AT, cancelReward('order_cancelled'))).toMatchObject([
      { type: T.ReferralRewardCancelled, cause: 'order_cancelled', friendKey: FRED.key },
    ]);
    expect(r.run(LATER, payDue)).toEqual([]);
    expect(r.run(AT, cancelReward())).toEqual([]);
    expect(r.state().referral.friends[FRED.key]).toMatchObject({ stage: 'refused', reason: 'order_cancelled' });
  });

  it('after the reward is paid, policy reverse takes the points back (never below zero: the rest is the shortfall)', () => {
    const r = referrer();
    r.run(AT, qualify());
    r.run(AT, (meta) => ({ type: 'DeductPoints', meta, request: { points: 300, source: 't', event: 'x' } }));
    const events = r.run(LATER, cancelReward());
    expect(events).toMatchObject([
      {
        type: T.PointsRevoked,
        points: 200,
        requested: 500,
        shortfall: 300,
        cause: 'order_refunded',
        order: null,
        referral: { friendKey: FRED.key },
      },
      { type: T.ReferralRefundAfterReward, policy: 'reverse', points: 200 },
    ]);
    expect(r.run(LATER, cancelReward())).toEqual([]);
    expect(r.state()).toMatchObject({ points: 0, tierPoint: 0 });
  });

  it('after the reward is paid, policy keep records that the refund was seen and keeps the reward', () => {
    const r = referrer();
    r.run(AT, qualify(terms({ refundAfterReward: 'keep' })));
    expect(r.run(LATER, cancelReward())).toMatchObject([
      { type: T.ReferralRefundAfterReward, policy: 'keep', points: 0, couponCode: null },
    ]);
    expect(r.state()).toMatchObject({ points: 500 });
    expect(r.state().referral.friends[FRED.key].stage).toBe('rewarded');
  });
});

describe('friend identity', () => {
  it('an email is a person: case, +tags and gmail dots do not make another friend; the label is masked', () => {
    expect(friendKeyOf(SHOP, 'A.Da+promo@GoogleMail.com')).toBe(friendKeyOf(SHOP, 'ada@gmail.com'));
    expect(friendKeyOf(SHOP, 'a.da@example.com')).not.toBe(friendKeyOf(SHOP, 'ada@example.com'));
    expect(friendKeyOf('other-shop', 'ada@gmail.com')).not.toBe(friendKeyOf(SHOP, 'ada@gmail.com'));
    expect(friendLabelOf('ada.lovelace@lovelace.name')).toBe('a•••@l•••.name');
    expect(friendLabelOf(null)).toBe('a friend');
  });
});
