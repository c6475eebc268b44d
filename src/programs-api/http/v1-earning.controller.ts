import { customerIdFor } from '../../ledger/customer-identity';
import { Body, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsNumber, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { MAX_MONEY, MAX_QUANTITY } from '../../shared/domain/limits';
import { ToIdString } from '../../shared/http/query-transforms';
import { Request } from 'express';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { DeprecatedV1Api } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { because } from '../../shared/domain/domain-error';
import { FindNamedCustomerQuery } from '../../ledger/queries/find-customer.query';
import { ProgramDoc } from '../../programs/projections/program-read-models';
import { ListEarningProgramDocsQuery } from '../queries/program-queries';
import { CalculateCartPointsQuery } from '../../ledger/queries/calculate-cart-points.query';
import { localeRequestOf } from '../../translations/queries/shop-text';
import { ListV1EarningEligibilityQuery } from '../queries/earning-eligibility.query';
import { v1Detail, v1ListItem } from '../../programs/queries/program.presenter';
import { EarnSocialCommand } from '../../ledger/social-links/earn-social.handler';
import { CartProducts } from './program.dto';
import { APPLIED_SOURCES, AppliedSource } from '../../programs/kinds/earning-rule';
import { ApiErrors, ApiPlain } from '../../shared/http/openapi/responses';
import { arrayOf, bool, int, num, object } from '../../shared/http/openapi/schema';
import { ApiOptionalQuery } from '../../shared/http/openapi/params';
import { V1_CUSTOMER_ITEM, V1_EARNING_DETAIL, V1_EARNING_ITEM } from './programs.openapi';

class V1ProductDto {
  @ApiProperty() @IsInt({ message: 'products[].id must be a whole number' }) @Min(0) id: number;
  @ApiProperty({ maximum: MAX_QUANTITY })
  @IsInt({ message: 'products[].quantity must be a whole number' })
  @Min(0)
  @Max(MAX_QUANTITY)
  quantity: number;
  @ApiProperty({ maximum: MAX_MONEY })
  @IsNumber({}, { message: 'products[].price must be a number' })
  @Min(0)
  @Max(MAX_MONEY)
  price: number;
}

export class V1CalcPointsDto {
  @CartProducts(V1ProductDto, 'products is required')
  products: V1ProductDto[];
  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'shopifyCustomerId must be a whole number' })
  @Min(1)
  shopifyCustomerId?: number;
  @ApiPropertyOptional({ enum: APPLIED_SOURCES }) @IsOptional() @IsIn(APPLIED_SOURCES) sourceName?: AppliedSource;
}

export class V1InteractSocialDto {
  @ApiProperty()
  @IsInt({ message: 'shopifyCustomerId must be a whole number' })
  @Min(1)
  shopifyCustomerId: number;
  @ApiProperty({ description: 'The earning program: its numericId (as the spec sends it) or its id' })
  @IsDefined({ message: 'earningId is required' })
  @ToIdString()
  @IsString({ message: 'earningId must be a program id' })
  @MaxLength(100)
  earningId: number | string;
}

@DeprecatedV1Api()
export class V1EarningController extends CqrsController {
  @Get('earning')
  @ApiOperation({
    summary: 'Earning programs (deprecated: use v2); 403 PLAN_UPGRADE_REQUIRED on the free plan, as v2',
    deprecated: true,
  })
  @ApiPlain(object({ data: arrayOf(V1_EARNING_ITEM.ref) }))
  @ApiErrors(403)
  async list(@CurrentShop() shop: ShopDoc) {
    // The same paid feature as v2's GET /programs/earning, refused the same way.
    if (shop.plan === 'free') throw because.planUpgradeRequired('Earning programs need the starter plan or above');
    return { data: (await this.earning(shop)).map(v1ListItem) };
  }

  @Get('earning/:programId')
  @ApiOperation({ summary: 'One earning program, by id or numericId (deprecated)', deprecated: true })
  @ApiPlain(object({ success: bool, program: V1_EARNING_DETAIL.ref }))
  @ApiErrors(404)
  async detail(@CurrentShop() shop: ShopDoc, @Param('programId') programId: string) {
    const program = (await this.earning(shop)).find((p) => p.id === programId || String(p.numericId) === programId);
    if (!program) throw because.notFound('Program');
    return { success: true, program: v1Detail(program) };
  }

  @Get('earning-programs-by-customer')
  @ApiOperation({ summary: "Earning programs with the customer's isEarned (deprecated)", deprecated: true })
  @ApiPlain(object({ data: arrayOf(V1_CUSTOMER_ITEM.ref) }))
  @ApiErrors(400, 404)
  @ApiOptionalQuery('customerId', "The customer's internal id (this or shopifyCustomerId is required)")
  @ApiOptionalQuery('shopifyCustomerId', "The customer's platform id (this or customerId is required)")
  async byCustomer(
    @CurrentShop() shop: ShopDoc,
    @Query('customerId') customerId?: string,
    @Query('shopifyCustomerId') platformId?: string,
    @Req() request?: Request,
  ) {
    const customer = await this.queries.execute(new FindNamedCustomerQuery(shop.id, customerId, platformId));
    if (!customer) throw because.badRequest('customerId or shopifyCustomerId is required', { field: 'customerId' });
    const data = await this.queries.execute(
      new ListV1EarningEligibilityQuery(shop.id, customer, localeRequestOf(request ?? {})),
    );
    return { data };
  }

  @Post('earn/calc-points')
  @HttpCode(200)
  @ApiOperation({ summary: 'Points a cart would earn (deprecated)', deprecated: true })
  @ApiPlain(
    object({
      success: bool,
      data: object({
        pointsEarn: int,
        products: arrayOf(object({ id: int, quantity: int, price: num, points: int })),
      }),
    }),
  )
  @ApiErrors(400, 404)
  async calc(@CurrentShop() shop: ShopDoc, @Body() body: V1CalcPointsDto) {
    const { pointsEarn, points } = await this.queries.execute(
      new CalculateCartPointsQuery(shop.id, body.shopifyCustomerId, body.sourceName, body.products),
    );
    return {
      success: true,
      data: { pointsEarn, products: body.products.map((p, i) => ({ ...p, points: points[i] })) },
    };
  }

  @Post('earn/interact-social')
  @HttpCode(200)
  @ApiOperation({ summary: "Pay a social program's points (deprecated)", deprecated: true })
  @ApiPlain(object({ success: bool, data: object({ newPoint: int }) }))
  @ApiErrors(400, 403, 404)
  async interactSocial(@CurrentShop() shop: ShopDoc, @Body() body: V1InteractSocialDto) {
    const result = await this.commands.execute(
      new EarnSocialCommand(
        shop.id,
        customerIdFor(shop.id, body.shopifyCustomerId),
        String(body.earningId),
        null,
        'rest_api_v1',
      ),
    );
    return { success: true, data: { newPoint: result.newPoint } };
  }

  private earning(shop: ShopDoc): Promise<ProgramDoc[]> {
    return this.queries.execute(new ListEarningProgramDocsQuery(shop.id));
  }
}
