import { Controller, Get, Query, Res, UseFilters, UseGuards } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { Response } from 'express';
import { createHash } from 'node:crypto';
import { because } from '../../shared/domain/domain-error';
import { okList } from '../../shared/http/envelope';
import { ShopDirectory } from '../../shops/shop-directory';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi, HeadlessGet } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessExceptionFilter } from '../../storefront-api/http/headless-exception.filter';
import { HEADLESS_PREFIX, HeadlessCaller } from '../../storefront-api/http/headless-request';
import { PublicIpQuotaGuard } from '../../storefront-api/rate-limits/quota.guards';
import { ListHeadlessProgramsQuery } from './list-programs.query';
import { LocaleRequest } from '../../translations/domain/locale-resolution';
import { LocaleField, RequestedLocale } from '../../storefront-api/http/headless-query';
import { NonEmptyText } from '../../shared/http/field-rules';
import { ApiErrors, ApiHeadlessErrors, ApiList } from '../../shared/http/openapi/responses';
import { HEADLESS_PROGRAM } from '../http/headless.openapi';
import { ApiPublic } from '../../shared/http/openapi/security';

export class ProgramTypeDto {
  @ApiPropertyOptional({ enum: ['earning', 'spending'], description: 'One kind only; both when omitted' })
  @IsOptional()
  @IsIn(['earning', 'spending'], { message: 'programType must be earning or spending' })
  programType?: 'earning' | 'spending';
  @LocaleField('Language of titles and conditions (else Accept-Language, else the shop’s)') locale?: string;
}

export class PublicProgramsDto extends ProgramTypeDto {
  @ApiPropertyOptional({ description: "The shop's domain" })
  @NonEmptyText(253)
  shop: string;
}

@HeadlessCustomerApi()
export class CustomerProgramsController {
  constructor(private readonly queries: QueryBus) {}

  @HeadlessGet('customer/programs', "Active programs as the token's customer sees them (spec 2.3, with isEarned)")
  @ApiList(HEADLESS_PROGRAM)
  @ApiHeadlessErrors(400)
  async programs(@CurrentCustomer() me: HeadlessCaller, @Query() query: ProgramTypeDto) {
    const { programs } = await this.queries.execute(
      new ListHeadlessProgramsQuery(me.shopId, me.customerId, query.programType, me.locale),
    );
    return okList(programs);
  }
}

/** Shared caches (CDN) keep the public list about five minutes (spec 4.1, 8). */
export const PUBLIC_CACHE = 'public, max-age=300';

@ApiTags('headless')
@UseFilters(HeadlessExceptionFilter)
@Controller(HEADLESS_PREFIX)
export class PublicProgramsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly shops: ShopDirectory,
  ) {}

  @Get('programs')
  @UseGuards(PublicIpQuotaGuard)
  @ApiOperation({
    summary: "A shop's active programs for anyone (no token): no isEarned, the shop default rate; cached 5 minutes",
  })
  @ApiList(HEADLESS_PROGRAM)
  @ApiErrors(400, 403, 404, 503)
  @ApiHeadlessErrors(429)
  @ApiPublic()
  async programs(
    @Query() query: PublicProgramsDto,
    @RequestedLocale() requested: LocaleRequest,
    @Res({ passthrough: true }) res: Response,
  ) {
    const shop = await this.shops.byDomain(query.shop);
    if (!shop) throw because.notFound('Shop');
    if (shop.plan !== 'ultimate') throw because.planNotEligible();
    const { programs, locale } = await this.queries.execute(
      new ListHeadlessProgramsQuery(shop.id, null, query.programType, requested),
    );
    // The ETag covers what the list says (not the envelope's timestamp); express answers 304 to a match.
    const etag = createHash('sha256').update(JSON.stringify({ locale, programs })).digest('base64url').slice(0, 27);
    res.setHeader('Cache-Control', PUBLIC_CACHE);
    // Added to, not replaced: CORS has already said the answer varies by Origin.
    res.vary('Accept-Language');
    res.setHeader('ETag', `"${etag}"`);
    return okList(programs);
  }
}
