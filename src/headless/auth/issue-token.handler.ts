import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { because, DomainError } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { HeadlessRateLimits } from '../rate-limits/headless-rate-limits';
import { HeadlessEligibility } from '../eligibility/headless-eligibility';
import { HeadlessSigningKeys } from './headless-signing-keys';
import { HeadlessToken, HeadlessTokens } from './headless-tokens';
import { GRANT_TYPES, TokenRequestDto } from './token-request.dto';

export const MAX_CLOCK_SKEW_SECONDS = 300;

/** POST /auth/token: a customer identity, proven by the merchant's HMAC or the platform's token, for a bearer token. */
export class IssueHeadlessTokenCommand {
  constructor(readonly request: TokenRequestDto) {}
}

const unauthorized = (why: string) => because.unauthorized(why);

@CommandHandler(IssueHeadlessTokenCommand)
export class IssueHeadlessTokenHandler implements ICommandHandler<IssueHeadlessTokenCommand, HeadlessToken> {
  private readonly logger = new Logger('HeadlessTokenExchange');

  constructor(
    private readonly shops: ShopDirectory,
    private readonly customers: CustomerLookup,
    private readonly keys: HeadlessSigningKeys,
    private readonly tokens: HeadlessTokens,
    private readonly limits: HeadlessRateLimits,
    private readonly eligibility: HeadlessEligibility,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ request }: IssueHeadlessTokenCommand): Promise<HeadlessToken> {
    if (!(GRANT_TYPES as readonly string[]).includes(request.grant_type))
      throw new DomainError('UNSUPPORTED_GRANT_TYPE', 'grant_type must be hmac or shopify_customer_token', 400, {
        field: 'grant_type',
      });
    try {
      const shop = await this.shops.byDomain(request.shopDomain);
      if (!shop) throw unauthorized('Unknown shop');
      const customer =
        request.grant_type === 'hmac' ? await this.byHmac(shop, request) : await this.byPlatformToken(shop, request);
      if (shop.plan !== 'ultimate')
        throw new DomainError('PLAN_NOT_ELIGIBLE', 'The headless API needs the Ultimate plan', 403);
      await this.eligibility.requireNotExcluded(shop, customer);
      return await this.tokens.issue(shop.id, customer.id);
    } catch (error) {
      if (error instanceof DomainError && error.code !== 'PLATFORM_UNAVAILABLE' && error.code !== 'PLATFORM_REJECTED')
        throw error;
      this.logger.error(`token not issued: ${(error as Error)?.stack ?? error}`);
      throw new DomainError('SERVICE_UNAVAILABLE', 'The token could not be issued; retry', 503);
    }
  }

  /** The merchant's server signed `<customerId>-<lowercased email>-<ts>` with the shop's headless secret. */
  private async byHmac(shop: ShopDoc, request: TokenRequestDto): Promise<CustomerDoc> {
    const customerId = request.customerId!;
    await this.limits.consumeTokenPerCustomer(shop.id, customerId);
    const now = Math.floor(this.clock.now().getTime() / 1000);
    if (Math.abs(now - request.ts!) > MAX_CLOCK_SKEW_SECONDS)
      throw unauthorized(`ts is more than ${MAX_CLOCK_SKEW_SECONDS} seconds from server time`);
    const secret = await this.keys.headlessSecret(shop.id);
    if (!secret) throw unauthorized('The shop has no headless secret yet');
    const email = request.email!.trim().toLowerCase();
    const expected = createHmac('sha256', secret).update(`${customerId}-${email}-${request.ts}`).digest();
    const given = Buffer.from(request.hmac!, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw unauthorized('Invalid hmac');
    const customer = await this.customers.byPlatformId(shop.id, customerId).catch(() => null);
    if (!customer) throw unauthorized('Unknown customer');
    if (!customer.email || customer.email.toLowerCase() !== email) throw unauthorized('The email does not match');
    return customer;
  }

  /** The platform vouches for its customer account access token. */
  private async byPlatformToken(shop: ShopDoc, request: TokenRequestDto): Promise<CustomerDoc> {
    const identity = await this.platform.verifyCustomerToken(shop.id, request.customerAccessToken!);
    if (!identity) throw unauthorized('The platform did not accept the customer access token');
    await this.limits.consumeTokenPerCustomer(shop.id, String(identity.platformCustomerId));
    const customer = await this.customers.byPlatformId(shop.id, identity.platformCustomerId).catch(() => null);
    if (!customer) throw unauthorized('Unknown customer');
    return customer;
  }
}
