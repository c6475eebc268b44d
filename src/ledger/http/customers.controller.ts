import { Body, Get, Param, Put, Query } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrors, ApiPage } from '../../shared/http/openapi/responses';
import { CUSTOMER_IDS, CUSTOMER_MEMBERSHIP, CUSTOMER_TIER_CHANGE, V2_CUSTOMER } from './ledger.openapi';
import { int, object } from '../../shared/http/openapi/schema';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok, okPage } from '../../shared/http/envelope';
import { ListCustomersDto, MembershipDto, SetTierDto, UpdateCustomerDto } from './ledger.dto';
import { LeaveProgramCommand } from '../enrolment/join-program.handler';
import { ListCustomersQuery } from '../queries/list-customers.handler';
import { CustomerRef, FindCustomerQuery } from '../queries/find-customer.query';
import { GetCustomerQuery } from '../queries/get-customer.query';
import { SetBirthdayCommand } from '../birthday/set-birthday.handler';
import { ChangeTierCommand, ChangeTierResult } from '../tiers/change-tier.handler';
import { CustomerDoc } from '../read-models/ledger-read-models';
import { AsOfDto, instant } from '../../shared/http/instant';
import { CustomerRecordAsOfQuery } from '../queries/customer-record-as-of.query';

@ManagementApi('rest_api/v2/customers', 'v2 customers')
export class CustomersController extends CqrsController {
  @Get()
  @ApiOperation({ summary: 'List customers (cursor pagination by customer id)' })
  @ApiPage(V2_CUSTOMER)
  @ApiErrors(400)
  async list(@CurrentShop() shop: ShopDoc, @Query() query: ListCustomersDto) {
    return okPage(
      await this.queries.execute(
        new ListCustomersQuery(shop.id, shop.currency, {
          limit: query.limit,
          before: query.before,
          after: query.after,
          email: query.email,
          type: query.type,
          tierId: query.tierId,
          updatedAtMin: query.updated_at_min,
          updatedAtMax: query.updated_at_max,
          createdAtMax: query.created_at_max,
          order: query.order,
          hasCount: query.hasCount,
        }),
      ),
    );
  }

  @Get('external/:platformCustomerId')
  @ApiOperation({ summary: 'Get a customer by platform customer id (asOf: the record as it stood then)' })
  @ApiEnvelope(V2_CUSTOMER)
  @ApiErrors(400, 404)
  async getExternal(@CurrentShop() shop: ShopDoc, @Param('platformCustomerId') id: string, @Query() query: AsOfDto) {
    return this.record(shop, id, 'platform', query);
  }

  @Put('external/:platformCustomerId')
  @ApiOperation({ summary: 'Set birthday / dateOfBirth by platform customer id' })
  @ApiEnvelope(CUSTOMER_IDS)
  @ApiErrors(400, 404)
  async updateExternal(
    @CurrentShop() shop: ShopDoc,
    @Param('platformCustomerId') id: string,
    @Body() body: UpdateCustomerDto,
  ) {
    return this.updateBirthday(shop, await this.customer(shop, { platformId: id }), body);
  }

  @Put('external/:platformCustomerId/tier')
  @ApiOperation({ summary: 'Put a customer (by platform id) in a tier' })
  @ApiEnvelope(CUSTOMER_TIER_CHANGE)
  @ApiErrors(400, 404)
  async setTierExternal(
    @CurrentShop() shop: ShopDoc,
    @Param('platformCustomerId') id: string,
    @Body() body: SetTierDto,
  ) {
    return this.setTier(shop, await this.customer(shop, { platformId: id }), body);
  }

  @Get(':customerId')
  @ApiOperation({ summary: 'Get a customer by internal id (asOf: the record as it stood then)' })
  @ApiEnvelope(V2_CUSTOMER)
  @ApiErrors(400, 404)
  async get(@CurrentShop() shop: ShopDoc, @Param('customerId') customerId: string, @Query() query: AsOfDto) {
    return this.record(shop, customerId, 'internal', query);
  }

  @Put(':customerId')
  @ApiOperation({ summary: 'Set birthday / dateOfBirth by internal id' })
  @ApiEnvelope(CUSTOMER_IDS)
  @ApiErrors(400, 404)
  async update(@CurrentShop() shop: ShopDoc, @Param('customerId') customerId: string, @Body() body: UpdateCustomerDto) {
    return this.updateBirthday(shop, await this.customer(shop, { id: customerId }), body);
  }

  @Get(':customerId/points/earned')
  @ApiOperation({ summary: 'Total points earned (id: internal or platform)' })
  @ApiEnvelope(object({ totalEarnedPoints: int }))
  @ApiErrors(404)
  async earned(@CurrentShop() shop: ShopDoc, @Param('customerId') id: string) {
    const customer = await this.customer(shop, { eitherId: id });
    return ok({ totalEarnedPoints: customer.totalEarnedPoints });
  }

  @Put(':customerId/tier')
  @ApiOperation({ summary: 'Put a customer (by internal id) in a tier' })
  @ApiEnvelope(CUSTOMER_TIER_CHANGE)
  @ApiErrors(400, 404)
  async setTierInternal(
    @CurrentShop() shop: ShopDoc,
    @Param('customerId') customerId: string,
    @Body() body: SetTierDto,
  ) {
    return this.setTier(shop, await this.customer(shop, { id: customerId }), body);
  }

  @Put(':customerId/membership')
  @ApiOperation({ summary: 'Take a customer out of the loyalty program (membership: left); they earn nothing more' })
  @ApiEnvelope(CUSTOMER_MEMBERSHIP)
  @ApiErrors(400, 404)
  async setMembership(
    @CurrentShop() shop: ShopDoc,
    @Param('customerId') customerId: string,
    @Body() body: MembershipDto,
  ) {
    const customer = await this.customer(shop, { eitherId: customerId });
    await this.commands.execute(new LeaveProgramCommand(shop.id, customer.id, 'rest_api'));
    return ok({ id: customer.id, membership: body.membership }, { message: 'Membership updated' });
  }

  /** The customer's record (spec 2.2) as it stands, or as it stood at `asOf`. */
  private async record(shop: ShopDoc, id: string, idKind: 'internal' | 'platform', { asOf }: AsOfDto) {
    const at = instant(asOf);
    const query = at
      ? new CustomerRecordAsOfQuery(shop, id, at, idKind)
      : new GetCustomerQuery(shop.id, shop.currency, idKind === 'platform' ? { platformId: id } : { id });
    return ok(await this.queries.execute(query));
  }

  /** The customer the path names, as stored (404 when not the shop's). */
  private customer(shop: ShopDoc, ref: CustomerRef): Promise<CustomerDoc> {
    return this.queries.execute(new FindCustomerQuery(shop.id, ref));
  }

  private async updateBirthday(shop: ShopDoc, customer: CustomerDoc, body: UpdateCustomerDto) {
    const result = await this.commands.execute(
      new SetBirthdayCommand(shop.id, customer.id, body.birthday, body.dateOfBirth, 'rest_api'),
    );
    return ok({ id: customer.id, platformCustomerId: result.platformCustomerId }, { message: 'Customer updated' });
  }

  private async setTier(shop: ShopDoc, customer: CustomerDoc, body: SetTierDto) {
    const result: ChangeTierResult = await this.commands.execute(
      new ChangeTierCommand(
        shop.id,
        customer.id,
        body.tierId,
        body.isInitTier,
        body.triggerReward,
        body.adminNote ?? null,
      ),
    );
    return ok(
      { id: customer.id, ...result, tierUpdatedAt: result.tierUpdatedAt ?? customer.tierUpdatedAt },
      { message: 'Tier updated' },
    );
  }
}
