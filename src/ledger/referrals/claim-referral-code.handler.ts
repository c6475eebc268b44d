import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ReferralCoupon } from '../../programs/kinds/referral-rule';
import { friendKeyOf, friendLabelOf } from './domain/friend-identity';
import {
  ClaimReferralCode,
  claimRefusalOf,
  referralClaim,
  referralClaimStreamId,
} from './domain/referral-claim.decider';
import { ReferralDirectory } from './referral-directory';
import { AppConfig } from '../../config/app-config';
import { referralInvites, referralInvitesStreamId } from './domain/referral-invites.decider';
import { referralRefusalError } from './domain/referral-refusals';

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
 * code and reason; a repeat of the same claim answers as the first did. Nothing is written to the
 * referrer's stream until the friend signs up; a new friend first takes one of the code's places of
 * the day (REFERRAL_INVITES_PER_CODE_PER_DAY; none left: 429 REFERRAL_INVITES_EXHAUSTED).
 */
@CommandHandler(ClaimReferralCodeCommand)
export class ClaimReferralCodeHandler implements ICommandHandler<ClaimReferralCodeCommand, ReferralClaimResult> {
  constructor(
    private readonly runner: DecisionRunner,
    private readonly metas: CommandMetas,
    private readonly directory: ReferralDirectory,
    private readonly config: AppConfig,
  ) {}

  async execute({ shopId, code, email }: ClaimReferralCodeCommand): Promise<ReferralClaimResult> {
    const meta = this.metas.for(shopId);
    const friend = { key: friendKeyOf(shopId, email), label: friendLabelOf(email), email };
    const [candidate, alreadyCustomer] = await Promise.all([
      this.directory.candidate(shopId, code, meta.occurredAt),
      this.directory.isCustomerEmail(shopId, email),
    ]);
    const stream = referralClaimStreamId(shopId, friend.key);
    const probe: ClaimReferralCode = { type: 'ClaimReferralCode', meta, friend, candidate, alreadyCustomer };
    const { state } = await this.runner.load(referralClaim, stream);
    if (candidate.status === 'found' && !state.claim && !claimRefusalOf(probe, state))
      await this.takeInvite(shopId, candidate.code, friend.key);
    let command: ClaimReferralCode | null = null;
    const decision = await this.runner.run(
      referralClaim,
      stream,
      () => (command = { type: 'ClaimReferralCode', meta: this.metas.for(shopId), friend, candidate, alreadyCustomer }),
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

  /** One of the code's places of the day for a new friend (the same friend again takes none). */
  private async takeInvite(shopId: string, code: string, friendKey: string): Promise<void> {
    const meta = this.metas.for(shopId);
    await this.runner.run(referralInvites, referralInvitesStreamId(shopId, code, meta.occurredAt.slice(0, 10)), () => ({
      type: 'TakeReferralInvite' as const,
      meta,
      friendKey,
      perDay: this.config.referralInvitesPerCodePerDay,
    }));
  }
}
