import { Injectable } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { CustomerStreamCommands } from '../customer-stream.commands';
import { CodeUse } from './domain/referral-candidate';
import { ReferralDirectory } from './referral-directory';

/**
 * The code a paid order brings to a referral, read before the order's decision: one of the shop's
 * referral codes among its discount codes (other discount codes are not referrals, so they are not
 * refused as unknown), else a code it landed with (`?ref=`, a note attribute), else, for a first
 * order, the storefront claim of the customer's email.
 */
@Injectable()
export class ReferralUses {
  constructor(
    private readonly commands: CustomerStreamCommands,
    private readonly directory: ReferralDirectory,
    private readonly metas: CommandMetas,
  ) {}

  async ofOrder(
    shopId: string,
    customerId: string,
    order: { discountCodes?: string[]; landingCodes?: string[] },
  ): Promise<CodeUse | null> {
    const now = this.metas.for(shopId).occurredAt;
    for (const code of order.discountCodes ?? [])
      if (await this.directory.isShopCode(shopId, code))
        return { candidate: await this.directory.candidate(shopId, code, now), via: 'discount_code', claim: null };
    const landed = order.landingCodes?.[0];
    if (landed)
      return { candidate: await this.directory.candidate(shopId, landed, now), via: 'landing_attribute', claim: null };
    const state = await this.commands.state(shopId, customerId);
    if (state.referral.referredBy || state.orders.size > 0) return null;
    const claim = (await this.directory.claimOf(shopId, state.email))?.state.claim;
    if (!claim) return null;
    return {
      candidate: await this.directory.candidate(shopId, claim.code, now),
      via: 'claim',
      claim: { eventId: claim.eventId, claimedAt: claim.claimedAt },
    };
  }
}
