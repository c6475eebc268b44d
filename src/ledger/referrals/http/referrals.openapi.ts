import { REFERRAL_REFUSAL_REASONS } from '../domain/referrals.events';
import { dateTime, int, nullable, num, object, oneOf, record, str } from '../../../shared/http/openapi/schema';

/** The records of the referrals routes of the storefront API, as their presenters write them. */

// The refusal rules, then why a reward went away (ReferralCancelCause).
export const REFUSAL_REASONS = [...REFERRAL_REFUSAL_REASONS, 'order_cancelled', 'order_refunded'];

/** One friend of the referral history (GET /customer/referral-history and its loyalty-page parity read). */
export const REFERRAL_HISTORY_ITEM = record(
  'ReferralHistoryItem',
  object({
    id: { type: 'string', description: "The friend's key in the shop (a cursor of the list)" },
    friend: { type: 'string', description: 'The friend as the referrer may see them: a masked email' },
    state: oneOf('invited', 'joined', 'qualified', 'rewarded', 'refused'),
    reason: nullable({ ...oneOf(...REFUSAL_REASONS), description: 'refused: the rule, or why the reward went away' }),
    via: nullable(oneOf('claim', 'discount_code', 'landing_attribute')),
    programId: nullable(str),
    pointsEarned: int,
    rewardId: nullable({ ...str, description: 'A coupon reward: its reward id (the code is in the rewards)' }),
    invitedAt: nullable(dateTime),
    joinedAt: nullable(dateTime),
    qualifiedAt: nullable(dateTime),
    rewardDueAt: nullable({ ...dateTime, description: 'qualified: when the reward is paid (waiting days)' }),
    rewardedAt: nullable(dateTime),
    refusedAt: nullable(dateTime),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const REFERRAL_LINK_RESULT = record(
  'ReferralLink',
  object({
    code: str,
    link: { type: 'string', format: 'uri', description: "The program's page (else the shop) with ?ref=<code>" },
    programId: str,
    createdAt: dateTime,
    created: { type: 'boolean', description: 'Made by this call (the first time it was asked for)' },
  }),
);

export const REFERRAL_COUPON = object({
  type: oneOf('amount_discount', 'percentage_discount', 'free_shipping'),
  value: nullable(num),
  orderReqAmount: nullable(num),
  expiresInDays: nullable(int),
  codePrefix: nullable(str),
});

export const REFERRAL_CLAIM_RESULT = record(
  'ReferralClaim',
  object({
    code: str,
    state: oneOf('invited'),
    programId: str,
    friendCoupon: { ...REFERRAL_COUPON, description: 'The welcome coupon given when the friend signs up' },
  }),
);
