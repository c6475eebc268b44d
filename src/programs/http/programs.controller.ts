import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentShop, ShopAuthGuard } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { because, DomainError } from '../../shared/domain/domain-error';
import { definedOnly } from '../../shared/domain/ids';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ProgramCommands } from '../commands/program-commands';
import { ProgramDoc, PROGRAMS } from '../projections/program-read-models';
import {
  CalculatePointsDto,
  CreateProgramDto,
  SocialInteractionDto,
  TierRateDto,
  UpdateProgramDto,
} from './program.dto';
import { CommandBus } from '@nestjs/cqrs';
import { EarnSocialCommand } from '../../ledger/social/earn-social.handler';
import { CustomerLookup } from '../../ledger/queries/customer-lookup';
import { isActive } from '../domain/order-earning';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { CartPoints } from '../../ledger/queries/cart-points';
import { CustomerDoc } from '../../ledger/projections/ledger-read-models';
import { RewardDoc, REWARDS } from '../../ledger/projections/reward-view.projection';
import { isSingleEvent, ProgramSettings, TierRate } from '../domain/program-events';
import { ProgramReader } from '../queries/program-queries';
import { spendingRules } from '../domain/spending-rules';
import { SPENDING_WIRE_FIELDS } from '../domain/spending-wire';
import { isEarned } from '../../ledger/program-earning/eligibility';
import { SHOP_TIER_IDS, ShopTierIds } from '../../shared/shop-tier-ids';

/** The body's spec-named spending fields (top level, spending-wire) apart from the program settings. */
function splitSpendingFields<T extends object>(body: T) {
  const settings: Record<string, unknown> = {};
  const spendingFields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body))
    ((SPENDING_WIRE_FIELDS as readonly string[]).includes(key) ? spendingFields : settings)[key] = value;
  return { settings: settings as Partial<ProgramSettings>, spendingFields };
}

const tierRates = (rates: TierRateDto[]): TierRate[] =>
  rates.map((r) => ({ tierId: r.tierId, earnPoint: r.earnPoint, rateMoney: r.rateMoney ?? null }));

@ApiTags('v2 programs')
@ApiHeader({ name: 'X-Svc-Loyalty-App-Key', required: true })
@ApiHeader({ name: 'X-Svc-Loyalty-Secret-Key', required: true })
@UseGuards(ShopAuthGuard)
@Controller('rest_api/v2/programs')
export class ProgramsController {
  constructor(
    private readonly commands: ProgramCommands,
    private readonly customers: CustomerLookup,
    private readonly commandBus: CommandBus,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly cart: CartPoints,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(SHOP_TIER_IDS) private readonly tiers: ShopTierIds,
    private readonly records: ProgramReader,
  ) {}

  @Get('earning')
  @ApiOperation({ summary: 'Earning programs; 403 PLAN_UPGRADE_REQUIRED on the free plan' })
  async earning(@CurrentShop() shop: ShopDoc) {
    // Earning programs are a paid feature: a free shop is told to upgrade (spec 4.3 "plan upgrade required").
    if (shop.plan === 'free')
      throw new DomainError('PLAN_UPGRADE_REQUIRED', 'Earning programs need the starter plan or above', 403);
    const programs = await this.list(shop, 'earning');
    return ok(programs, { meta: { count: programs.length } });
  }

  @Get('earning/eligibility')
  @ApiOperation({ summary: 'Earning programs for one customer; single-event programs carry isEarned' })
  async eligibility(
    @CurrentShop() shop: ShopDoc,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    if (!customerId && !platformCustomerId)
      throw because.badRequest('customerId or platformCustomerId is required', { field: 'customerId' });
    const customer = customerId
      ? await this.customers.byId(shop.id, customerId)
      : await this.customers.byPlatformId(shop.id, platformCustomerId!);
    // Only programs that pay once carry isEarned; orders repeat.
    const programs = (await this.list(shop, 'earning')).map((p) =>
      isSingleEvent(p.event) ? { ...p, isEarned: isEarned(p, customer) } : p,
    );
    return ok(programs, { meta: { count: programs.length } });
  }

  @Post('earning/points/calculate')
  @HttpCode(200)
  @ApiOperation({ summary: 'Points a cart would earn (awards nothing)' })
  async calculate(@CurrentShop() shop: ShopDoc, @Body() body: CalculatePointsDto) {
    const { rule, lines, pointsEarn, points } = await this.cart.calculate(
      shop.id,
      body.platformCustomerId,
      body.sourceName,
      body.products,
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
  async socialInteraction(@CurrentShop() shop: ShopDoc, @Body() body: SocialInteractionDto) {
    const result = await this.commandBus.execute(
      new EarnSocialCommand(shop.id, Number(body.platformCustomerId), body.earningId, body.event, 'rest_api'),
    );
    return ok({}, { message: 'Points earned', meta: result });
  }

  @Get('redemption')
  @ApiOperation({ summary: 'Spending (redemption) programs; filters: event, and a customer (adds affordable)' })
  async redemption(
    @CurrentShop() shop: ShopDoc,
    @Query('event') event?: string,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    const customer = await this.optionalCustomer(shop, customerId, platformCustomerId);
    const docs = (await this.docs(shop, 'spending')).filter((p) => !event || p.event === event);
    const programs = await Promise.all(docs.map((doc) => this.withLimitations(doc, customer)));
    return ok(programs, { meta: { count: programs.length } });
  }

  @Get(':programId')
  @ApiOperation({
    summary:
      "One program; 404 when unknown. With customerId or platformCustomerId, a spending program carries that customer's limitations",
  })
  async get(
    @CurrentShop() shop: ShopDoc,
    @Param('programId') programId: string,
    @Query('customerId') customerId?: string,
    @Query('platformCustomerId') platformCustomerId?: string,
  ) {
    const doc = await this.find(shop, programId);
    return ok(await this.withLimitations(doc, await this.optionalCustomer(shop, customerId, platformCustomerId)));
  }

  private optionalCustomer(shop: ShopDoc, customerId?: string, platformCustomerId?: string) {
    if (customerId) return this.customers.byId(shop.id, customerId);
    if (platformCustomerId) return this.customers.byPlatformId(shop.id, platformCustomerId);
    return Promise.resolve(null);
  }

  /**
   * A spending program as one customer sees it: whether the cheapest redemption is affordable, how
   * often they have redeemed it (refunded coupons do not count) and how many redemptions remain.
   */
  private async withLimitations(doc: ProgramDoc, customer: CustomerDoc | null) {
    const program = (await this.present(doc.shopId, [doc]))[0];
    if (!customer || doc.kind !== 'spending') return program;
    const sp = spendingRules(doc.spending, doc.event);
    const cost = (sp.redeemType === 'dynamic' && sp.minPoints) || sp.pointsCost;
    const rewards = await this.readStore.collection<RewardDoc>(REWARDS);
    const redeemedCount = await rewards.count({
      customerId: customer.id,
      programId: doc.id,
      discountStatus: { $ne: 'refunded' },
    });
    const remainingRedemptions = sp.limitRedeem ? Math.max(0, sp.limitRedeem - redeemedCount) : null;
    const affordable = customer.point >= cost;
    return {
      ...program,
      affordable,
      redeemedCount,
      remainingRedemptions,
      canRedeem:
        affordable &&
        remainingRedemptions !== 0 &&
        isActive(
          { id: doc.id, kind: doc.kind, event: doc.event, createdAt: doc.createdAt, settings: doc },
          this.clock.now().toISOString(),
        ),
    };
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create an earning or spending program (merchant configuration)' })
  async create(@CurrentShop() shop: ShopDoc, @Body() body: CreateProgramDto) {
    const programId = this.commands.newId();
    const { type, event, earnPointsTiers, ...rest } = definedOnly(body) as CreateProgramDto;
    const { settings, spendingFields } = splitSpendingFields(rest);
    const tiers = earnPointsTiers ? { earnPointsTiers: tierRates(earnPointsTiers) } : {};
    const tierIds = await this.tierIds(shop);
    await this.commands.run(shop.id, (meta) => ({
      type: 'CreateProgram',
      meta,
      programId,
      kind: type,
      event,
      settings: { ...settings, ...tiers, title: body.title },
      spendingFields,
      tierIds,
    }));
    return ok((await this.present(shop.id, [await this.find(shop, programId)]))[0], { message: 'Program created' });
  }

  @Put(':programId')
  @ApiOperation({ summary: 'Update, enable (status: true) or disable (status: false) a program' })
  async update(@CurrentShop() shop: ShopDoc, @Param('programId') programId: string, @Body() body: UpdateProgramDto) {
    await this.find(shop, programId);
    const { earnPointsTiers, ...rest } = definedOnly(body);
    const { settings, spendingFields } = splitSpendingFields(rest);
    const changes = { ...settings, ...(earnPointsTiers ? { earnPointsTiers: tierRates(earnPointsTiers) } : {}) };
    if (Object.keys(changes).length === 0 && Object.keys(spendingFields).length === 0)
      throw because.badRequest('send at least one field to change', { field: 'body' });
    const tierIds = await this.tierIds(shop);
    await this.commands.run(shop.id, (meta) => ({
      type: 'UpdateProgram',
      meta,
      programId,
      changes,
      spendingFields,
      tierIds,
    }));
    return ok((await this.present(shop.id, [await this.find(shop, programId)]))[0], { message: 'Program updated' });
  }

  @Delete(':programId')
  @ApiOperation({ summary: 'Delete a program' })
  async remove(@CurrentShop() shop: ShopDoc, @Param('programId') programId: string) {
    await this.find(shop, programId);
    await this.commands.run(shop.id, (meta) => ({ type: 'DeleteProgram', meta, programId }));
    return ok({ id: programId }, { message: 'Program deleted' });
  }

  private async tierIds(shop: ShopDoc): Promise<string[]> {
    return this.tiers.tierIdsOf(shop.id);
  }

  private docs(shop: ShopDoc, kind: 'earning' | 'spending') {
    return this.readStore
      .collection<ProgramDoc>(PROGRAMS)
      .then((c) => c.find({ shopId: shop.id, kind }, { sort: { field: 'createdAt', direction: 'asc' } }));
  }

  private async list(shop: ShopDoc, kind: 'earning' | 'spending') {
    return this.present(shop.id, await this.docs(shop, kind));
  }

  private present(shopId: string, docs: ProgramDoc[]) {
    return this.records.present(shopId, docs);
  }

  private async find(shop: ShopDoc, programId: string): Promise<ProgramDoc> {
    const doc = await (await this.readStore.collection<ProgramDoc>(PROGRAMS)).get(programId);
    if (!doc || doc.shopId !== shop.id) throw because.notFound('Program');
    return doc;
  }
}
