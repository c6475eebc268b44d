import { Body, Patch } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, IsString, Matches, ValidateIf } from 'class-validator';
import { because } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { SetBirthdayCommand } from '../../ledger/birthday/set-birthday.handler';
import { UpdateContactCommand } from '../../ledger/enrolment/update-contact.handler';
import { ShopDirectory } from '../../shops/shop-directory';
import { STOREFRONT_DEFAULTS } from '../../shops/domain/shop-events';
import { CurrentCustomer } from '../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../storefront-api/http/headless-request';
import { GetHeadlessCustomerQuery } from '../customer/get-customer.query';
import { ApiEnvelope, ApiHeadlessErrors } from '../../shared/http/openapi/responses';
import { HEADLESS_CUSTOMER } from '../http/headless.openapi';

export class ProfileDto {
  @ApiPropertyOptional({ example: '04/23', description: 'MM/DD; write-once' })
  @IsOptional()
  @IsString()
  @Matches(/^\d\d\/\d\d$/, { message: 'birthday must be MM/DD' })
  birthday?: string;
  @ApiPropertyOptional({ example: '1990-04-23', description: 'YYYY-MM-DD; only on shops that ask for a year' })
  @IsOptional()
  @IsString()
  @Matches(/^\d{4}-\d\d-\d\d$/, { message: 'dateOfBirth must be YYYY-MM-DD' })
  dateOfBirth?: string;
  @ApiPropertyOptional({ type: 'string', example: '+15551234567', nullable: true, description: "'' or null clears it" })
  @Transform(({ value }) => (typeof value === 'string' ? value.trim() || null : value))
  @ValidateIf((o: ProfileDto) => o.phone !== undefined && o.phone !== null)
  @IsString()
  @Matches(/^\+?[0-9][0-9 ().-]{3,24}$/, { message: 'phone must be a phone number such as +15551234567' })
  phone?: string | null;
}

@HeadlessCustomerApi()
export class ProfileController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly shops: ShopDirectory,
  ) {}

  @Patch('customer/profile')
  @ApiOperation({
    summary:
      "The customer's birthday (write-once, as on v2), dateOfBirth (shops that ask for a year) and phone; answers the Customer",
  })
  @ApiEnvelope(HEADLESS_CUSTOMER)
  @ApiHeadlessErrors(400)
  async update(@CurrentCustomer() me: HeadlessCaller, @Body() body: ProfileDto) {
    if (body.birthday === undefined && body.dateOfBirth === undefined && body.phone === undefined)
      throw because.badRequest('send birthday, dateOfBirth or phone', { field: 'body' });
    if (body.dateOfBirth !== undefined) {
      const storefront = (await this.shops.byId(me.shopId))?.storefront ?? STOREFRONT_DEFAULTS;
      if (!storefront.isNewFormatDOB)
        throw because.badRequest('this shop asks for a birthday without a year: send birthday (MM/DD)', {
          field: 'dateOfBirth',
        });
    }
    // The birthday first: it is the part that can be refused (write-once), and then nothing is written.
    if (body.birthday !== undefined || body.dateOfBirth !== undefined)
      await this.commands.execute(
        new SetBirthdayCommand(me.shopId, me.customerId, body.birthday, body.dateOfBirth, 'source_headless'),
      );
    if (body.phone !== undefined)
      await this.commands.execute(
        new UpdateContactCommand(me.shopId, me.customerId, { phone: body.phone }, 'source_headless'),
      );
    const customer = await this.queries.execute(new GetHeadlessCustomerQuery(me.shopId, me.customerId, me.locale));
    return ok(customer, { message: 'Profile updated' });
  }
}
