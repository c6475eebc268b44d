import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ReferralCoupon } from '../../programs/kinds/referral-rule';
import { friendKeyOf, friendLabelOf } from './friend-identity';
import { ClaimReferralCode, claimRefusalOf, referralClaim, referralClaimStreamId } from './referral-claim.decider';
import { ReferralDirectory } from './referral-directory';
import { referralRefusalError } from './referral-refusals';

/** A storefront visitor claims a referral code for their email, before they sign up. */
export class ClaimReferralCodeCommand {
  constructor(
    readonly shopId: string,
    readonly code: string,
    readonly email: string,
  ) {}
}

export interface ReferralClaimResult {
  code: string;
  state: 'invited';
  programId: string;
  /** The welcome coupon the friend gets when they sign up with this email. */
  friendCoupon: ReferralCoupon;
}

/**
 * Decided on the claim's own stream (one per person the email is, see `friendKeyOf`), so two claims of
 * one friend at once have one winner. A refusal is recorded there, then answered as a 400 with its
 * code and reason; a repeat of the same claim answers as the first did.
 */
@CommandHandler(ClaimReferralCodeCommand)
export class ClaimReferralCodeHandler implements ICommandHandler<ClaimReferralCodeCommand, ReferralClaimResult> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
    private readonly directory: ReferralDirectory,
  ) {}

  async execute({ shopId, code, email }: ClaimReferralCodeCommand): Promise<ReferralClaimResult> {
    const meta = this.metas.for(shopId);
    const friend = { key: friendKeyOf(shopId, email), label: friendLabelOf(email), email };
    const [candidate, alreadyCustomer] = await Promise.all([
      this.directory.candidate(shopId, code, meta.occurredAt),
      this.directory.isCustomerEmail(shopId, email),
    ]);
    let command: ClaimReferralCode | null = null;
    const decision = await this.runner.run(
      referralClaim,
      referralClaimStreamId(shopId, friend.key),
      () => (command = { type: 'ClaimReferralCode', meta: this.metas.for(shopId), friend, candidate, alreadyCustomer }),
      { waitForProjections: false },
    );
    const refusal = claimRefusalOf(command!, decision.before);
    if (refusal) throw referralRefusalError(refusal);
    if (candidate.status !== 'found' || !candidate.terms) throw referralRefusalError('no_program');
    return {
      code: candidate.code,
      state: 'invited',
      programId: candidate.terms.programId,
      friendCoupon: candidate.terms.rule.friendCoupon,
    };
  }
}
