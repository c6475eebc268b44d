import { platformIdValue } from '../../shared/domain/platform-ids';
import { customerIdFor } from '../../ledger/customer-identity';
import { Body, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiList } from '../../shared/http/openapi/responses';
import { int, object, str } from '../../shared/http/openapi/schema';
import { ApiCustomerQuery, ApiOptionalQuery } from '../../shared/http/openapi/params';
import { CART_POINTS, EARNING_PROGRAM, SPENDING_PROGRAM, V2_PROGRAM } from './programs.openapi';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok, okList } from '../../shared/http/envelope';
import { because } from '../../shared/domain/domain-error';
import { definedOnly } from '../../shared/domain/ids';
import { CreateProgramCommand } from '../../programs/commands/create-program.handler';
import { UpdateProgramCommand } from '../../programs/commands/update-program.handler';
import { DeleteProgramCommand } from '../../programs/commands/delete-program.handler';
import { CalculatePointsDto, CreateProgramDto, SocialInteractionDto, UpdateProgramDto } from './program.dto';
import { EarningRuleSchema, TierRateSchema } from '../../programs/kinds/earning-rule.schema';
import { EarnSocialCommand, SocialEarned } from '../../ledger/social-links/earn-social.handler';
import { FindNamedCustomerQuery } from '../../ledger/queries/find-customer.query';
import { CalculateCartPointsQuery } from '../../ledger/queries/calculate-cart-points.query';
import { ProgramSettingsInput, TierRate } from '../../programs/domain/program-events';
import { GetProgramQuery, ListProgramsQuery } from '../queries/program-queries';
import { V2Program } from '../../programs/queries/program.presenter';
import {
  CustomerProgram,
  GetProgramForCustomerQuery,
  ListRedemptionProgramsQuery,
} from '../queries/program-for-customer.query';
import { SPENDING_WIRE_FIELDS } from '../../programs/kinds/spending-wire';
import { ListEarningEligibilityQuery } from '../queries/earning-eligibility.query';

/** The body's spec-named spending fields (top level, spending-wire) apart from the program settings. */
function splitSpendingFields<T extends object>(body: T) {
  const settings: Record<string, unknown> = {};
  const spendingFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    ((SPENDING_WIRE_FIELDS as readonly string[]).includes(key) ? spendingFields : settings)[key] = value;
  return { settings: settings as ProgramSettingsInput, spendingFields };
}

const tierRates = (rates: TierRateSchema[]): TierRate[] =>
  rates.map((r) => ({ tierId: r.tierId, earnPoint: r.earnPoint, rateMoney: r.rateMoney ?? null }));

@ManagementApi('rest_api/v2/programs', 'v2 programs')
@ApiExtraModels(EarningRuleSchema)
export class ProgramsController extends CqrsController {
  @Get('earning')
  @ApiOperation({ summary: 'Earning programs; 403 PLAN_UPGRADE_REQUIRED on the free plan' })
  @ApiList(EARNING_PROGRAM)
  @ApiErrors(403)
  async earning(@CurrentShop() shop: ShopDoc) {
    // Earning programs are a paid feature: a free shop is told to upgrade (spec 4.3 "plan upgrade required").
    if (shop.plan === 'free') throw because.planUpgradeRequired('Earning programs need the starter plan or above');
    const programs = await this.list(shop, 'earning');
    return okList(programs);
  }

  @Get('earning/eligibility')
  @ApiOperation({ summary: 'Earning programs for one customer; single-event programs carry isEarned' })
  @ApiList(EARNING_PROGRAM)
  @ApiErrors(400, 404)
  @ApiCustomerQuery('one of the two is required')
  async eligibility(
    @CurrentShop() shop: ShopDoc,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    const customer = await this.customer(shop, customerId, platformCustomerId);
    if (!customer) throw because.badRequest('customerId or platformCustomerId is required', { field: 'customerId' });
    const programs = await this.queries.execute(new ListEarningEligibilityQuery(shop.id, customer));
    return okList(programs);
  }

  @Post('earning/points/calculate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Points a cart would earn (awards nothing)' })
  @ApiEnvelope(CART_POINTS)
  @ApiErrors(400, 404)
  async calculate(@CurrentShop() shop: ShopDoc, @Body() body: CalculatePointsDto) {
    const { rule, lines, pointsEarn, points } = await this.queries.execute(
      new CalculateCartPointsQuery(shop.id, body.platformCustomerId, body.sourceName, body.products),
    );
    return ok({
      pointsEarn,
      products: lines.map((l, i) => ({ ...l, points: points[i] })),
      programId: rule?.programId ?? null,
    });
  }

  @Post('earning/social/interactions')
  @HttpCode(200)
  @ApiOperation({ summary: "Pay a social program's points to a customer (once per customer; LIMIT_REACHED after)" })
  @ApiEnvelope(object({}), { meta: object({ pointsEarned: int, newPoint: int }) })
  @ApiErrors(400, 403, 404)
  async socialInteraction(@CurrentShop() shop: ShopDoc, @Body() body: SocialInteractionDto) {
    const { pointsEarned, newPoint }: SocialEarned = await this.commands.execute(
      new EarnSocialCommand(
        shop.id,
        customerIdFor(shop.id, platformIdValue(body.platformCustomerId)),
        body.earningId,
        body.event,
        'rest_api',
      ),
    );
    return ok({}, { message: 'Points earned', meta: { pointsEarned, newPoint } });
  }

  @Get('redemption')
  @ApiOperation({ summary: 'Spending (redemption) programs; filters: event, and a customer (adds affordable)' })
  @ApiList(SPENDING_PROGRAM)
  @ApiErrors(400, 404)
  @ApiOptionalQuery('event', 'Only the programs of this event, e.g. amount_discount')
  @ApiCustomerQuery('adds what that customer can redeem')
  async redemption(
    @CurrentShop() shop: ShopDoc,
    @Query('event') event?: string,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    const customer = await this.customer(shop, customerId, platformCustomerId);
    const programs: CustomerProgram[] = await this.queries.execute(
      new ListRedemptionProgramsQuery(shop.id, event, customer),
    );
    return okList(programs);
  }

  @Get(':programId')
  @ApiOperation({
    summary:
      "One program; 404 when unknown. With customerId or platformCustomerId, a spending program carries that customer's limitations",
  })
  @ApiEnvelope(V2_PROGRAM)
  @ApiErrors(400, 404)
  @ApiCustomerQuery("a spending program then carries that customer's limitations")
  async get(
    @CurrentShop() shop: ShopDoc,
    @Param('programId') programId: string,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    const customer = await this.customer(shop, customerId, platformCustomerId);
    return ok(await this.queries.execute(new GetProgramForCustomerQuery(shop.id, programId, customer)));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an earning or spending program (merchant configuration)' })
  @ApiEnvelope(V2_PROGRAM, { status: 201, description: 'Created' })
  @ApiErrors(400)
  async create(@CurrentShop() shop: ShopDoc, @Body() body: CreateProgramDto) {
    const { type, event, earnPointsTiers, ...rest } = definedOnly(body) as CreateProgramDto;
    const { settings, spendingFields } = splitSpendingFields(rest);
    const tiers = earnPointsTiers ? { earnPointsTiers: tierRates(earnPointsTiers) } : {};
    const { programId }: { programId: string } = await this.commands.execute(
      new CreateProgramCommand(shop.id, type, event, { ...settings, ...tiers, title: body.title }, spendingFields),
    );
    return ok(await this.program(shop, programId), { message: 'Program created' });
  }

  @Put(':programId')
  @ApiOperation({ summary: 'Update, enable (status: true) or disable (status: false) a program' })
  @ApiEnvelope(V2_PROGRAM)
  @ApiErrors(400, 404)
  async update(@CurrentShop() shop: ShopDoc, @Param('programId') programId: string, @Body() body: UpdateProgramDto) {
    await this.program(shop, programId);
    const { earnPointsTiers, ...rest } = definedOnly(body);
    const { settings, spendingFields } = splitSpendingFields(rest);
    const changes = { ...settings, ...(earnPointsTiers ? { earnPointsTiers: tierRates(earnPointsTiers) } : {}) };
    if (Object.keys(changes).length === 0 && Object.keys(spendingFields).length === 0)
      throw because.badRequest('send at least one field to change', { field: 'body' });
    await this.commands.execute(new UpdateProgramCommand(shop.id, programId, changes, spendingFields));
    return ok(await this.program(shop, programId), { message: 'Program updated' });
  }

  @Delete(':programId')
  @ApiOperation({ summary: 'Delete a program' })
  @ApiEnvelope(object({ id: str }))
  @ApiErrors(404)
  async remove(@CurrentShop() shop: ShopDoc, @Param('programId') programId: string) {
    await this.program(shop, programId);
    await this.commands.execute(new DeleteProgramCommand(shop.id, programId));
    return ok({ id: programId }, { message: 'Program deleted' });
  }

  /** The customer the query names, as stored (null: it names none; 404 when not the shop's). */
  private customer(shop: ShopDoc, customerId: string | undefined, platformCustomerId: string | undefined) {
    return this.queries.execute(new FindNamedCustomerQuery(shop.id, customerId, platformCustomerId));
  }

  private async list(shop: ShopDoc, kind: 'earning' | 'spending'): Promise<V2Program[]> {
    return this.queries.execute(new ListProgramsQuery(shop.id, kind));
  }

  /** The program as a v2 record; 404 when unknown or another shop's. */
  private program(shop: ShopDoc, programId: string): Promise<V2Program> {
    return this.queries.execute(new GetProgramQuery(shop.id, programId));
  }
}
