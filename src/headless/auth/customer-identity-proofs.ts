import { Inject, Injectable } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { HeadlessSigningKeys } from '../../storefront-api/auth/headless-signing-keys';
import { TokenRequestDto } from './token-request.dto';

export const MAX_CLOCK_SKEW_SECONDS = 300;

const unauthorized = (why: string) => because.unauthorized(why);

/**
 * How a token request proves which customer it is for, by its grant type: the merchant's HMAC
 * (`hmac`) or the platform's customer access token. Either answers the customer or refuses (401).
 */
@Injectable()
export class CustomerIdentityProofs {
  constructor(
    private readonly customers: CustomerLookup,
    private readonly keys: HeadlessSigningKeys,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  customerOf(shop: ShopDoc, request: TokenRequestDto): Promise<CustomerDoc> {
    return request.grant_type === 'hmac' ? this.byHmac(shop, request) : this.byPlatformToken(shop, request);
  }

  /** The merchant's server signed `<customerId>-<lowercased email>-<ts>` with the shop's headless secret. */
  private async byHmac(shop: ShopDoc, request: TokenRequestDto): Promise<CustomerDoc> {
    const customerId = request.customerId!;
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
    const customer = await this.customers.byPlatformId(shop.id, identity.platformCustomerId).catch(() => null);
    if (!customer) throw unauthorized('Unknown customer');
    return customer;
  }
}
