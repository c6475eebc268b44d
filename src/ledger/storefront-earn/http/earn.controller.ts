import { Body, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { EARN_RESULT } from './earn.openapi';
import { ok } from '../../../shared/http/envelope';
import { EarnOnStorefrontCommand } from '../earn-on-storefront.handler';
import { EarnResult } from '../../storefront-claim';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import { EarnDto } from './earn.dto';
import { UploadedImageUrls } from '../../submissions/uploads/uploaded-image-urls';

@HeadlessCustomerApi()
export class EarnController {
  constructor(
    private readonly commands: CommandBus,
    private readonly uploads: UploadedImageUrls,
  ) {}

  @Post('customer/earn')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Claim a storefront earning program (forms, surveys, receipts, reviews, map reviews, the daily streak, the birthday picker). 400 BAD_REQUEST, INVALID_INPUT (an image URL this customer did not upload), INVALID_PROGRAM, LIMIT_REACHED, INVALID_SELECTION, NOT_CLAIMABLE; 403 NOT_ELIGIBLE',
  })
  @ApiEnvelope(EARN_RESULT)
  @ApiHeadlessErrors(400, 403)
  async earn(@CurrentCustomer() me: HeadlessCaller, @Body() body: EarnDto) {
    const context = body.context ?? {};
    // Recorded as object keys: answers render them at the configured address.
    const imageUrls = context.imageUrls && (await this.uploads.check(me.shopId, me.customerId, context.imageUrls));
    const result: EarnResult = await this.commands.execute(
      new EarnOnStorefrontCommand(
        me.shopId,
        me.customerId,
        body.programId,
        { answers: context.answers, imageUrls, birthdayRewards: context.birthdayRewards },
        'source_headless',
      ),
    );
    return ok(result, { message: result.status === 'earned' ? 'Points earned' : 'Submission received' });
  }
}
