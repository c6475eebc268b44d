import { Body, HttpCode, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { ok } from '../../shared/http/envelope';
import { JoinProgramCommand } from '../../ledger/enrolment/join-program.handler';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { GetHeadlessCustomerQuery } from '../customer/get-customer.query';
import { ApiEnvelope, ApiHeadlessErrors } from '../../shared/http/openapi/responses';
import { HEADLESS_CUSTOMER } from '../http/headless.openapi';

export class JoinProgramDto {
  @ApiPropertyOptional({ description: 'Where the customer joined from (kept on the event), e.g. loyalty_page' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  joinFrom?: string;
}

@HeadlessCustomerApi()
export class JoinProgramController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('customer/join-program')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'A guest joins the loyalty program (opt-in enrolment); answers the Customer. 403 OPT_IN_NOT_ENABLED or NOT_ELIGIBLE',
  })
  @ApiEnvelope(HEADLESS_CUSTOMER)
  @ApiHeadlessErrors(400, 403)
  async join(@CurrentCustomer() me: HeadlessCaller, @Body() body: JoinProgramDto) {
    await this.commands.execute(
      new JoinProgramCommand(me.shopId, me.customerId, body.joinFrom ?? null, 'source_headless'),
    );
    const customer = await this.queries.execute(new GetHeadlessCustomerQuery(me.shopId, me.customerId, me.locale));
    return ok(customer, { message: 'Joined the loyalty program' });
  }
}
