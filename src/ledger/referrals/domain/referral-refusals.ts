import { because, DomainError, ErrorCode } from '../../../shared/domain/domain-error';
import { ReferralRefusal } from './referrals.events';

export { REFERRAL_REFUSAL_REASONS } from './referrals.events';
export type { ReferralRefusal } from './referrals.events';

/**
 * Every reason a referral is refused, with the error code a refused call answers (400) and the words
 * an auditor reads. Each refusal is recorded with its reason where it was decided (the claim's
 * stream, the friend's stream, the referrer's stream); the referrer's history shows it.
 */
export const REFERRAL_REFUSALS: Record<ReferralRefusal, { code: ErrorCode; words: string }> = {
  unknown_code: { code: 'REFERRAL_CODE_UNKNOWN', words: 'no customer has this referral code' },
  code_of_another_shop: { code: 'REFERRAL_CODE_OTHER_SHOP', words: 'the referral code belongs to another shop' },
  no_program: { code: 'INVALID_PROGRAM', words: 'the shop runs no active referral program' },
  self_referral_same_customer: { code: 'SELF_REFERRAL', words: 'the friend is the referrer' },
  self_referral_same_email: { code: 'SELF_REFERRAL', words: "the friend's email is the referrer's" },
  self_referral_same_platform_id: { code: 'SELF_REFERRAL', words: "the friend's platform id is the referrer's" },
  self_referral_same_address: {
    code: 'SELF_REFERRAL',
    words: "the friend's order went to an address of the referrer's orders",
  },
  self_referral_same_payment: {
    code: 'SELF_REFERRAL',
    words: "the friend's order was paid with a payment method of the referrer's orders",
  },
  already_customer: { code: 'ALREADY_CUSTOMER', words: 'the friend already was a customer' },
  already_referred: { code: 'ALREADY_REFERRED', words: 'the friend was already referred' },
  referrer_excluded: { code: 'REFERRER_NOT_ELIGIBLE', words: 'the referrer is excluded from the loyalty program' },
  referrer_left: { code: 'REFERRER_NOT_ELIGIBLE', words: 'the referrer has left (or not joined) the loyalty program' },
  referrer_limit_reached: {
    code: 'LIMIT_REACHED',
    words: 'the referrer has had every reward the program pays per period',
  },
};

/** The 400 a call refused for `reason` answers. */
export function referralRefusalError(reason: ReferralRefusal): DomainError {
  const { code, words } = REFERRAL_REFUSALS[reason];
  return because.referralRefused(code, reason, `Referral refused: ${words}`);
}
