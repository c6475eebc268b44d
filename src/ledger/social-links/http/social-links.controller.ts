import { Body, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { Transform } from 'class-transformer';
import { ok } from '../../../shared/http/envelope';
import { LinkPhotoCommand, normalizedHandle, PhotoLinkResult } from '../link-photo.handler';
import { DisconnectFeedCommand } from '../disconnect-feed.handler';
import { CurrentCustomer } from '../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../storefront-api/http/headless-request';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../shared/http/openapi/responses';
import { FEED_DISCONNECT_RESULT, PHOTO_LINK_RESULT } from './social-links.openapi';

export class PhotoLinkDto {
  @ApiPropertyOptional({
    description:
      'The photo handle, trimmed and lowercased (letters, digits, dots, underscores; up to 30); empty or absent unlinks',
    maxLength: 30,
  })
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'string' ? normalizedHandle(value) : value))
  @IsString()
  @MaxLength(30)
  @Matches(/^[a-z0-9._]*$/, { message: 'instagramUsername may hold letters, digits, dots and underscores' })
  instagramUsername?: string;
}

@HeadlessCustomerApi()
export class SocialLinksController {
  constructor(private readonly commands: CommandBus) {}

  @Post('customer/social/photo/link')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Links the customer's photo handle (empty or absent unlinks); the first link pays the one-time reward. 403 NOT_ELIGIBLE for an opt-in guest; 409 USERNAME_TAKEN",
  })
  @ApiEnvelope(PHOTO_LINK_RESULT)
  @ApiHeadlessErrors(400, 403, 409)
  async linkPhoto(@CurrentCustomer() me: HeadlessCaller, @Body() body: PhotoLinkDto) {
    const result: PhotoLinkResult = await this.commands.execute(
      new LinkPhotoCommand(me.shopId, me.customerId, body.instagramUsername ?? '', 'source_headless'),
    );
    return ok(result, { message: result.photoUsername ? 'Photo account linked' : 'Photo account unlinked' });
  }

  @Post('customer/social/feed/disconnect')
  @HttpCode(200)
  @ApiOperation({ summary: "Removes the customer's messaging link; always answers {disconnected: true}" })
  @ApiEnvelope(FEED_DISCONNECT_RESULT)
  @ApiHeadlessErrors(403)
  async disconnectFeed(@CurrentCustomer() me: HeadlessCaller) {
    return ok(await this.commands.execute(new DisconnectFeedCommand(me.shopId, me.customerId, 'source_headless')), {
      message: 'Disconnected',
    });
  }
}
