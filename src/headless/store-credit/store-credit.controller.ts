import { Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, IsString, MaxLength, Min } from 'class-validator';
import { ok } from '../../shared/http/envelope';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { CurrentCustomer } from '../auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../auth/headless-customer-api.decorator';
import { ClampedInteger } from '../http/clamped-integer';
import { HeadlessPrincipal } from '../http/headless-request';

export class StoreCreditQueryDto {
  @ApiPropertyOptional({ description: "Opaque: the previous page's meta.pagination.startCursor" })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  before?: string;
  @ApiPropertyOptional({ description: "Opaque: the previous page's meta.pagination.endCursor" })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  after?: string;
  @ApiPropertyOptional({ default: 20, description: 'Page size; more than 50 is read as 50' })
  @IsOptional()
  @ClampedInteger(50)
  @IsInt({ message: 'limit must be an integer' })
  @Min(1)
  limit: number = 20;
}

@HeadlessCustomerApi()
export class StoreCreditController {
  constructor(
    private readonly customers: CustomerLookup,
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
  ) {}

  @Get('customer/store-credit/transactions')
  @ApiOperation({ summary: "The customer's store-credit account movements, newest first (opaque cursors)" })
  async transactions(@CurrentCustomer() me: HeadlessPrincipal, @Query() query: StoreCreditQueryDto) {
    // The account is the token's customer's: resolved here, never named by the caller.
    const customer = await this.customers.byId(me.shopId, me.customerId);
    const page = await this.platform.storeCreditTransactions(me.shopId, customer.platformCustomerId, {
      limit: query.limit,
      before: query.before,
      after: query.after,
    });
    const { items, ...pagination } = page;
    return ok(items, { meta: { pagination } });
  }
}
