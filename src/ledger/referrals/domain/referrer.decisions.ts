import { because } from '../../../shared/domain/domain-error';
import { periodStart } from '../../../shared/domain/calendar';
import { deterministicUuid } from '../../../shared/domain/ids';
import { isExcludedBy } from '../../../shops/domain/shop-events';
import type { MembershipPolicy } from '../../../shops/settings/shop-settings.schema';
import type { TierRung } from '../../../tiers/domain/tier-rung';
import { CommandMeta } from '../../customer-stream';
import { CustomerState, EnrolledCustomer } from '../../customer-state';
import {
  CouponGranted,
  couponGranted,
  CustomerEventType as T,
  PointsAwarded,
  pointsAwarded,
  PointsRevoked,
  pointsRevoked,
  ReferralCancelCause,
  ReferralFriendNoted,
  referralFriendNoted,
  ReferralFriendQualified,
  referralFriendQualified,
  ReferralLinkCreated,
  referralLinkCreated,
  ReferralRefundAfterReward,
  referralRefundAfterReward,
  ReferralRewardCancelled,
  referralRewardCancelled,
  ReferralRewardEarned,
  referralRewardEarned,
  ReferralTerms,
  ReferralVia,
  RewardCoupon,
} from '../../customer-events';
import { pointsContext, PointsRequest } from '../../points/points.decisions';
import { ReferralRefusal } from './referral-refusals';
import { NEW_FRIEND, qualificationTimes, ReferredFriend } from './referrals.state';

/** The shop's exclusion rules, as the referrer's stream checks them when it decides a reward. */
export type ExclusionRules = Pick<MembershipPolicy, 'excludedTags' | 'excludedSegments' | 'excludeB2B'> | null;

/** A friend-side fact noted on the referrer's stream (a claim, an attribution, a refusal). */
export interface FriendNote {
  stage: 'invited' | 'joined' | 'refused';
  friendKey: string;
  friendLabel: string;
  friendCustomerId: string | null;
  programId: string | null;
  via: ReferralVia | null;
  reason: ReferralRefusal | null;
  sourceEventId: string;
}

/** A referral coupon minted on the platform, for the friend (welcome) or the referrer (reward). */
export interface ReferralCouponGrant {
  role: 'referral_welcome' | 'referral_reward';
  programId: string;
  friendKey: string;
  /** The attribution (welcome) or the reward (referrer) that made it owed. */
  dueEventId: string;
  reward: RewardCoupon & { title: string };
}

export type ReferralsCommand =
  | { type: 'CreateReferralLink'; meta: CommandMeta; code: string; link: string; programId: string }
  | { type: 'NoteReferralFriend'; meta: CommandMeta; note: FriendNote }
  | {
      type: 'QualifyReferral';
      meta: CommandMeta;
      friend: { key: string; label: string; customerId: string };
      qualifiedEventId: string;
      orderId: string;
      /** When the friend's order qualified (the waiting days count from it). */
      qualifiedAt: string;
      terms: ReferralTerms;
      fingerprints: string[];
      exclusion: ExclusionRules;
      tiers: TierRung[];
    }
  | { type: 'PayReferralRewards'; meta: CommandMeta; exclusion: ExclusionRules; tiers: TierRung[] }
  | { type: 'CancelReferralReward'; meta: CommandMeta; friendKey: string; cause: ReferralCancelCause }
  | { type: 'GrantReferralCoupon'; meta: CommandMeta; grant: ReferralCouponGrant };

type Command<K extends ReferralsCommand['type']> = Extract<ReferralsCommand, { type: K }>;

/** The referrer's own standing: a member, not excluded (null: may be paid). */
function referrerRefusal(state: EnrolledCustomer, exclusion: ExclusionRules): ReferralRefusal | null {
  if (state.membership !== 'member') return 'referrer_left';
  return isExcludedBy(exclusion, state) ? 'referrer_excluded' : null;
}

/** A friend's order sent to an address, or paid by a card, of the referrer's own orders. */
function fingerprintRefusal(state: EnrolledCustomer, friend: readonly string[]): ReferralRefusal | null {
  const shared = friend.filter((f) => state.referral.fingerprints.includes(f));
  if (shared.some((f) => f.startsWith('a:'))) return 'self_referral_same_address';
  return shared.some((f) => f.startsWith('p:')) ? 'self_referral_same_payment' : null;
}

function limitRefusal(state: EnrolledCustomer, terms: ReferralTerms, at: string): ReferralRefusal | null {
  if (!terms.limit) return null;
  const since = periodStart(terms.limit.unit, at);
  const counted = qualificationTimes(state.referral).filter((t) => t >= since).length;
  return counted >= terms.limit.times ? 'referrer_limit_reached' : null;
}

/** A referrer's coupon derives its reward id from the friend's qualification: one code per friend, however often minted. */
export const referralRewardIdOf = (qualifiedEventId: string) => deterministicUuid(qualifiedEventId, 'referral-reward');

/** A friend's welcome coupon derives its reward id from their attribution. */
export const welcomeRewardIdOf = (attributionEventId: string) =>
  deterministicUuid(attributionEventId, 'referral-welcome');

const addDays = (at: string, days: number) => new Date(Date.parse(at) + days * 86_400_000).toISOString();

/** Pays one friend's reward: points now (with their payment), or a coupon the platform mints next. */
function payReward(
  state: EnrolledCustomer,
  meta: CommandMeta,
  friendKey: string,
  friend: ReferredFriend,
): Array<PointsAwarded | ReferralRewardEarned> {
  const reward = friend.reward!;
  const base = {
    friendKey,
    friendLabel: friend.friendLabel,
    friendCustomerId: friend.friendCustomerId!,
    qualifiedEventId: friend.qualifiedEventId!,
    programId: friend.programId!,
    reward,
    platformCustomerId: state.platformCustomerId,
    email: state.email,
  };
  if (reward.kind === 'coupon')
    return [
      referralRewardEarned(meta, { ...base, transactionId: null, rewardId: referralRewardIdOf(base.qualifiedEventId) }),
    ];
  const request: PointsRequest = { points: reward.points, source: 'referral', event: 'referral', reason: null };
  const paid = pointsAwarded(pointsContext(state, meta, request, state.points + reward.points), {
    points: reward.points,
    program: { programId: base.programId, programTitle: friend.programTitle ?? '', earnBy: 'flat', rateMoney: null },
    order: null,
    referral: {
      programId: base.programId,
      friendKey,
      friendLabel: friend.friendLabel,
      friendCustomerId: base.friendCustomerId,
    },
  });
  return [paid, referralRewardEarned(meta, { ...base, transactionId: paid.transactionId, rewardId: null })];
}

/**
 * The friend's first qualifying order counts for the referrer, once per friend: refused (and recorded)
 * when the referrer has left or is excluded, when the friend's order shares an address or a payment
 * method with the referrer's own orders, or when the program's rewards per period are used up; else
 * the reward is due after the waiting days, and paid at once when there are none.
 */
export function qualify(
  command: Command<'QualifyReferral'>,
  state: EnrolledCustomer,
): Array<ReferralFriendNoted | ReferralFriendQualified | PointsAwarded | ReferralRewardEarned> {
  const { meta, friend, terms } = command;
  const known = state.referral.friends[friend.key];
  if (known && (known.qualifiedEventId !== null || known.noted.includes(command.qualifiedEventId))) return [];
  const reason =
    referrerRefusal(state, command.exclusion) ??
    fingerprintRefusal(state, command.fingerprints) ??
    limitRefusal(state, terms, meta.occurredAt);
  const friendFields = { friendKey: friend.key, friendLabel: friend.label, friendCustomerId: friend.customerId };
  if (reason)
    return [
      referralFriendNoted(meta, {
        stage: 'refused',
        ...friendFields,
        programId: terms.programId,
        via: null,
        reason,
        sourceEventId: command.qualifiedEventId,
      }),
    ];
  const rule = terms.rule;
  const qualified = referralFriendQualified(meta, {
    friendKey: friend.key,
    friendCustomerId: friend.customerId,
    qualifiedEventId: command.qualifiedEventId,
    orderId: command.orderId,
    programId: terms.programId,
    programTitle: terms.programTitle,
    reward:
      rule.referrerReward === 'coupon' && rule.referrerCoupon
        ? { kind: 'coupon', coupon: rule.referrerCoupon }
        : { kind: 'points', points: terms.points },
    rewardDueAt: addDays(command.qualifiedAt, rule.waitingDays),
    refundAfterReward: rule.refundAfterReward,
  });
  if (qualified.rewardDueAt > meta.occurredAt) return [qualified];
  const friendNow: ReferredFriend = {
    ...(known ?? NEW_FRIEND),
    friendLabel: friend.label || (known?.friendLabel ?? ''),
    friendCustomerId: friend.customerId,
    programId: terms.programId,
    programTitle: terms.programTitle,
    qualifiedEventId: command.qualifiedEventId,
    reward: qualified.reward,
  };
  return [qualified, ...payReward(state, meta, friend.key, friendNow)];
}

/** Pays every reward whose waiting days have passed (the sweep); a referrer who has left or is excluded by then gets none. */
export function payDue(
  command: Command<'PayReferralRewards'>,
  state: EnrolledCustomer,
): Array<PointsAwarded | ReferralRewardEarned | ReferralRewardCancelled> {
  const { meta } = command;
  const due = Object.entries(state.referral.friends)
    .filter(([, f]) => f.stage === 'qualified' && f.rewardDueAt !== null && f.rewardDueAt <= meta.occurredAt)
    .sort(([, a], [, b]) => a.rewardDueAt!.localeCompare(b.rewardDueAt!));
  const refused = referrerRefusal(state, command.exclusion);
  const out: Array<PointsAwarded | ReferralRewardEarned | ReferralRewardCancelled> = [];
  let points = state.points;
  for (const [key, friend] of due) {
    if (refused) {
      out.push(
        referralRewardCancelled(meta, { friendKey: key, friendCustomerId: friend.friendCustomerId, cause: refused }),
      );
      continue;
    }
    const paid = payReward({ ...state, points }, meta, key, friend);
    for (const e of paid) if (e.type === T.PointsAwarded) points = e.newPoint;
    out.push(...paid);
  }
  return out;
}

/**
 * The friend's qualifying order went away. Before the reward is paid it is cancelled; after, the
 * program's policy decides: `keep`, or `reverse` (the points taken back, never below a zero balance,
 * what could not be taken being the shortfall; an unused coupon disabled).
 */
export function cancel(
  command: Command<'CancelReferralReward'>,
  state: EnrolledCustomer,
): Array<ReferralRewardCancelled | PointsRevoked | ReferralRefundAfterReward> {
  const { meta, friendKey, cause } = command;
  const friend = state.referral.friends[friendKey];
  if (!friend) return [];
  if (friend.stage === 'qualified')
    return [referralRewardCancelled(meta, { friendKey, friendCustomerId: friend.friendCustomerId, cause })];
  if (friend.stage !== 'rewarded' || friend.refundSeen) return [];
  const base = { friendKey, friendCustomerId: friend.friendCustomerId!, cause };
  if (friend.refundAfterReward === 'keep')
    return [referralRefundAfterReward(meta, { ...base, policy: 'keep', points: 0, couponCode: null, rewardId: null })];
  if (friend.reward?.kind === 'points') return reversePoints(state, meta, friendKey, friend, cause);
  const coupon = Object.entries(state.coupons).find(([, c]) => c.rewardId === friend.rewardId);
  const active = coupon && coupon[1].status === 'active' ? coupon : null;
  return [
    referralRefundAfterReward(meta, {
      ...base,
      policy: 'reverse',
      points: 0,
      couponCode: active?.[0] ?? null,
      rewardId: active?.[1].rewardId ?? null,
    }),
  ];
}

function reversePoints(
  state: EnrolledCustomer,
  meta: CommandMeta,
  friendKey: string,
  friend: ReferredFriend,
  cause: ReferralCancelCause,
): Array<PointsRevoked | ReferralRefundAfterReward> {
  const requested = friend.reward?.kind === 'points' ? friend.reward.points : 0;
  const points = Math.min(requested, state.points);
  const request: PointsRequest = { points, source: 'referral', event: cause, reason: null };
  const referral = {
    programId: friend.programId!,
    friendKey,
    friendLabel: friend.friendLabel,
    friendCustomerId: friend.friendCustomerId!,
  };
  const revoked = pointsRevoked(pointsContext(state, meta, request, state.points - points), {
    points,
    requested,
    shortfall: requested - points,
    reversesTransactionId: friend.transactionId!,
    cause,
    program: {
      programId: referral.programId,
      programTitle: friend.programTitle ?? '',
      earnBy: 'flat',
      rateMoney: null,
    },
    order: null,
    referral,
  });
  return [
    revoked,
    referralRefundAfterReward(meta, {
      friendKey,
      friendCustomerId: referral.friendCustomerId,
      cause,
      policy: 'reverse',
      points,
      couponCode: null,
      rewardId: null,
    }),
  ];
}

/** Whether a referral coupon is owed and not held yet (the grant handler asks before minting; the decision again). */
export function referralCouponDue(
  state: Pick<CustomerState, 'coupons' | 'referral'>,
  grant: Omit<ReferralCouponGrant, 'reward'>,
  rewardId: string,
) {
  if (Object.values(state.coupons).some((c) => c.rewardId === rewardId)) return false;
  if (grant.role === 'referral_welcome') return state.referral.referredBy?.attributionEventId === grant.dueEventId;
  const friend = state.referral.friends[grant.friendKey];
  return friend?.stage === 'rewarded' && friend.rewardId === rewardId;
}

export function grantCoupon(command: Command<'GrantReferralCoupon'>, state: EnrolledCustomer): CouponGranted[] {
  const { grant, meta } = command;
  if (!referralCouponDue(state, grant, grant.reward.rewardId)) return [];
  return [
    couponGranted(meta, {
      platformCustomerId: state.platformCustomerId,
      email: state.email,
      reward: grant.reward,
      reason: grant.role,
      referral: {
        programId: grant.programId,
        ...referralProgramTitle(state, grant),
        friendKey: grant.friendKey,
        dueEventId: grant.dueEventId,
      },
    }),
  ];
}

/** The referral program's title on the terms the coupon is owed by: the friend's attribution, or the referrer's friend. */
function referralProgramTitle(state: EnrolledCustomer, grant: ReferralCouponGrant): { programTitle?: string } {
  const title =
    grant.role === 'referral_welcome'
      ? state.referral.referredBy?.terms.programTitle
      : state.referral.friends[grant.friendKey]?.programTitle;
  return typeof title === 'string' ? { programTitle: title } : {};
}

export function createLink(command: Command<'CreateReferralLink'>, state: EnrolledCustomer): ReferralLinkCreated[] {
  if (state.membership !== 'member') throw because.notEligible('Join the loyalty program to refer friends');
  if (state.referral.link) return [];
  return [
    referralLinkCreated(command.meta, {
      code: command.code,
      link: command.link,
      programId: command.programId,
      platformCustomerId: state.platformCustomerId,
      email: state.email,
    }),
  ];
}

export function note(command: Command<'NoteReferralFriend'>, state: EnrolledCustomer): ReferralFriendNoted[] {
  const { note: n } = command;
  if (state.referral.friends[n.friendKey]?.noted.includes(n.sourceEventId)) return [];
  return [referralFriendNoted(command.meta, n)];
}
