import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { because, DomainError } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { HeadlessEligibility } from '../eligibility/headless-eligibility';
import { CustomerIdentityProofs } from './customer-identity-proofs';
import { HeadlessToken, HeadlessTokens } from '../../storefront-api/auth/headless-tokens';
import { GRANT_TYPES, TokenRequestDto } from './token-request.dto';
import { HeadlessRateLimits } from '../../storefront-api/rate-limits/headless-rate-limits';

/** POST /auth/token: a customer identity, proven by the merchant's HMAC or the platform's token, for a bearer token. */
export class IssueHeadlessTokenCommand {
  constructor(readonly request: TokenRequestDto) {}
}

@CommandHandler(IssueHeadlessTokenCommand)
export class IssueHeadlessTokenHandler implements ICommandHandler<IssueHeadlessTokenCommand, HeadlessToken> {
  private readonly logger = new Logger('HeadlessTokenExchange');

  constructor(
    private readonly shops: ShopDirectory,
    private readonly proofs: CustomerIdentityProofs,
    private readonly tokens: HeadlessTokens,
    private readonly eligibility: HeadlessEligibility,
    private readonly limits: HeadlessRateLimits,
  ) {}

  async execute({ request }: IssueHeadlessTokenCommand): Promise<HeadlessToken> {
    if (!(GRANT_TYPES as readonly string[]).includes(request.grant_type)) throw because.unsupportedGrantType();
    try {
      const shop = await this.shops.byDomain(request.shopDomain);
      if (!shop) throw because.unauthorized('Unknown shop');
      const customer = await this.proofs.customerOf(shop, request);
      if (shop.plan !== 'ultimate') throw because.planNotEligible();
      await this.eligibility.requireNotExcluded(shop, customer);
      // Counted once the proof has passed: failed proofs count against the client's address (the
      // authentication throttle), so nobody can use up a customer's quota without their proof.
      await this.limits.consumeTokenPerCustomer(shop.id, String(customer.platformCustomerId));
      return await this.tokens.issue(shop.id, customer.id);
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'PLATFORM_UNAVAILABLE' && error.code !== 'PLATFORM_REJECTED')
        throw error;
      this.logger.error(`token not issued: ${(error as Error)?.stack ?? error}`);
      throw because.unavailable('The token could not be issued; retry');
    }
  }
}
