import { Body, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty } from '@nestjs/swagger';
import { AppConfig } from '../../../config/app-config';
import { ok } from '../../../shared/http/envelope';
import { uploadUrl } from '../../../shared/upload-urls';
import { ValidatedByHandler } from '../../../shared/http/validation';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { arrayOf, object, str } from '../../../shared/http/openapi/schema';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import { UploadImagesCommand } from './upload-images.handler';
import { MAX_IMAGE_BYTES, MAX_IMAGE_NAME, MAX_IMAGES } from './upload-batch';

export class UploadedImageDto {
  @ApiProperty({ description: `The file, base64 (at most ${MAX_IMAGE_BYTES} bytes decoded)`, format: 'byte' })
  imageBase64!: string;

  @ApiProperty({ description: 'The file name on the shopper’s device (not kept)', maxLength: MAX_IMAGE_NAME })
  imageName!: string;

  @ApiProperty({ enum: ['image/jpeg', 'image/png'] })
  imageType!: string;
}

/** Checked by the handler: a refusal is 400 INVALID_INPUT, not BAD_REQUEST. */
@ValidatedByHandler()
export class UploadImagesDto {
  @ApiProperty({ type: [UploadedImageDto], minItems: 1, maxItems: MAX_IMAGES })
  images!: UploadedImageDto[];
}

@HeadlessCustomerApi()
export class UploadImagesController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Post('customer/earn/upload')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Keeps 1 to 5 JPEG or PNG images (each at most 10 MB) of the customer; answers their URLs. All or none: ' +
      '400 INVALID_INPUT, or UPLOAD_FAILED when they could not be stored; 429 (Retry-After, no body) while two ' +
      'of the customer’s uploads are under way or past the daily image and byte quotas of the customer or shop',
  })
  @ApiEnvelope(object({ urls: arrayOf(str) }))
  @ApiHeadlessErrors(400, 413)
  async upload(@CurrentCustomer() me: HeadlessCaller, @Body() body: UploadImagesDto) {
    const keys: string[] = await this.commands.execute(new UploadImagesCommand(me.shopId, me.customerId, body));
    // At the configured address only: no request header reaches an answered URL.
    const urls = keys.map((key) => uploadUrl(this.config.uploadsPublicUrl, key));
    return ok({ urls }, { message: 'Images uploaded' });
  }
}
