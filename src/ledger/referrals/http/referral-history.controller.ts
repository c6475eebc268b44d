import { AnswersAhead } from '../../../projections/answers-ahead';
import { Body, Controller, HttpCode, Post, Query, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { IsEmail, Matches, MaxLength } from 'class-validator';
import { because } from '../../../shared/domain/domain-error';
import { ok, okPage } from '../../../shared/http/envelope';
import { NonEmptyText } from '../../../shared/http/field-rules';
import { ApiEnvelope, ApiErrors, ApiHeadlessErrors, ApiPage } from '../../../shared/http/openapi/responses';
import { ApiPublic } from '../../../shared/http/openapi/security';
import { ShopDirectory } from '../../../shops/shop-directory';
import { ListReferralsQuery, ReferralHistoryItem } from '../read/list-referrals.query';
import { ClaimReferralCodeCommand } from '../claim-referral-code.handler';
import { CreateReferralLinkCommand } from '../create-referral-link.handler';
import { PagedList } from '../../../shared/http/envelope';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessExceptionFilter } from '../../../storefront-api/http/headless-exception.filter';
import { cursorOf, CursorPage, CursorPageDto } from '../../../storefront-api/http/headless-query';
import { HEADLESS_PREFIX, HeadlessCaller, HeadlessPrincipal } from '../../../storefront-api/http/headless-request';
import { PublicIpQuotaGuard } from '../../../storefront-api/rate-limits/quota.guards';
import { REFERRAL_CLAIM_RESULT, REFERRAL_HISTORY_ITEM, REFERRAL_LINK_RESULT } from './referrals.openapi';

export class ReferralHistoryDto extends CursorPageDto({
  defaultLimit: 20,
  before: 'A friend id of the list: the friends before it',
  after: 'A friend id of the list: the friends after it',
}) {}

/** The customer's referral history: the friends they referred, newest first, with where each stands. */
export function referralHistoryOf(
  queries: QueryBus,
  me: HeadlessPrincipal,
  page: CursorPage,
): Promise<PagedList<ReferralHistoryItem>> {
  return queries.execute(new ListReferralsQuery(me.shopId, me.customerId, cursorOf(page)));
}

@HeadlessCustomerApi()
export class ReferralHistoryController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @HeadlessGet(
    'customer/referral-history',
    'Friends the customer referred, newest first: invited, joined, qualified, rewarded or refused (with the reason), and the points earned',
  )
  @ApiPage(REFERRAL_HISTORY_ITEM)
  @ApiHeadlessErrors(400)
  async history(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: ReferralHistoryDto) {
    return okPage(await referralHistoryOf(this.queries, me, query));
  }

  @Post('customer/referral-link')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "The customer's referral link (the program's page, else the shop, with ?ref=<code>); made the first time (referral/link_created). 400 INVALID_PROGRAM without a running referral program; 403 NOT_ELIGIBLE for a guest or a customer who left",
  })
  @ApiEnvelope(REFERRAL_LINK_RESULT)
  @ApiHeadlessErrors(400, 403)
  async link(@CurrentCustomer() me: HeadlessCaller) {
    return ok(await this.commands.execute(new CreateReferralLinkCommand(me.shopId, me.customerId)), {
      message: 'Referral link',
    });
  }
}

export class ReferralClaimDto {
  @ApiProperty({ description: "The shop's domain" })
  @NonEmptyText(253)
  shop: string;
  @ApiProperty({
    description: 'The referral code (from the link, ?ref=<code>); case does not matter',
    example: 'K7Q2M9XA',
  })
  @NonEmptyText(50)
  @Matches(/^[A-Za-z0-9_-]+$/, { message: 'code must be a referral code (letters and digits)' })
  code: string;
  @ApiProperty({ description: 'The email the visitor will sign up with', example: 'fred@example.com' })
  @NonEmptyText(254)
  @MaxLength(254)
  @IsEmail({}, { message: 'email must be an email address' })
  email: string;
}

/**
 * The storefront's claim of a referral code before sign-up (no token: the visitor is not a customer
 * yet). Limited per client like the public program list.
 */
@ApiTags('headless')
@UseFilters(HeadlessExceptionFilter)
@Controller(HEADLESS_PREFIX)
export class ReferralClaimController {
  constructor(
    private readonly commands: CommandBus,
    private readonly shops: ShopDirectory,
  ) {}

  @Post('referrals/claim')
  @HttpCode(200)
  // The claim decides on its own streams and reads no read model its writes change.
  @AnswersAhead()
  @UseGuards(PublicIpQuotaGuard)
  @ApiOperation({
    summary:
      "A visitor claims a referral code for the email they will sign up with (no token). When they sign up (or pay a first order) with that email they are attributed to the code's referrer and get the welcome coupon. 400 with the refusal's code and reason: REFERRAL_CODE_UNKNOWN, REFERRAL_CODE_OTHER_SHOP, INVALID_PROGRAM, SELF_REFERRAL, ALREADY_CUSTOMER, ALREADY_REFERRED, REFERRER_NOT_ELIGIBLE. 429 REFERRAL_INVITES_EXHAUSTED (no body, as every headless 429; Retry-After: the seconds to the next UTC day) when the code has taken REFERRAL_INVITES_PER_CODE_PER_DAY new friends today; nothing is written to the referrer's record until the friend signs up",
  })
  @ApiEnvelope(REFERRAL_CLAIM_RESULT)
  @ApiErrors(400, 403, 404, 503)
  @ApiHeadlessErrors(429)
  @ApiPublic()
  async claim(@Body() body: ReferralClaimDto) {
    const shop = await this.shops.byDomain(body.shop);
    if (!shop) throw because.notFound('Shop');
    if (shop.plan !== 'ultimate') throw because.planNotEligible();
    const email = body.email.trim().toLowerCase();
    return ok(await this.commands.execute(new ClaimReferralCodeCommand(shop.id, body.code, email)), {
      message: 'Referral code claimed',
    });
  }
}
