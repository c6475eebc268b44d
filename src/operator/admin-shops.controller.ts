import { Body, Delete, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CommandBus, ICommand } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, MaxLength, MinLength } from 'class-validator';
import { Optional } from '../shared/http/validation';
import { ok } from '../shared/http/envelope';
import { PLANS } from '../shops/domain/shop-events';
import { OperatorApi } from './operator-api';
import { ProvisionShopCommand } from './provision-shop.handler';
import { RotateShopSecretCommand } from '../shops/commands/rotate-shop-secret.handler';
import { RotateHeadlessSecretCommand } from '../shops/commands/rotate-headless-secret.handler';
import { SetPlatformWebhookSecretCommand } from '../shops/commands/set-platform-webhook-secret.handler';
import { NonEmptyText } from '../shared/http/field-rules';
import { ApiEnvelope, ApiErrors } from '../shared/http/openapi/responses';
import { PLATFORM_SECRET_STATE, PROVISIONED_SHOP, ROTATED_HEADLESS_SECRET, ROTATED_SECRET } from './operator.openapi';

export class CreateShopDto {
  @ApiProperty({ example: 'myshop.example.com' })
  @NonEmptyText(253, '$property must be a string')
  domain: string;
  @ApiPropertyOptional({ enum: PLANS, default: 'ultimate' }) @Optional() @IsIn(PLANS) plan?: string;
  @ApiPropertyOptional({ default: 'USD' }) @Optional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional({ default: 'UTC' }) @Optional() @IsString() @MaxLength(100) timezone?: string;
}

export class PlatformWebhookSecretDto {
  @ApiProperty({ description: "The secret the commerce platform signs this shop's webhooks with (16-200 characters)" })
  @IsString()
  @MinLength(16, { message: 'secret must be at least 16 characters' })
  @MaxLength(200)
  secret: string;
}

@OperatorApi('admin/api/shops')
export class AdminShopsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({ summary: 'Provision a shop; answers its keys once' })
  @ApiEnvelope(PROVISIONED_SHOP, { status: 201, description: 'Created' })
  @ApiErrors(400, 409)
  async create(@Body() body: CreateShopDto) {
    const shop = await this.commands.execute(
      new ProvisionShopCommand(body.domain, body.plan, body.currency, body.timezone),
    );
    return ok(shop, { message: 'Shop created; store the secrets now, they are not shown again' });
  }

  @Post(':shopId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace a shop's secret key (also the webhook signing key); answers the new one once" })
  @ApiEnvelope(ROTATED_SECRET)
  async rotate(@Param('shopId') shopId: string) {
    return this.answer(new RotateShopSecretCommand(shopId), 'Secret rotated; the old one no longer works');
  }

  @Post(':shopId/rotate-headless-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace a shop's headless secret; its headless tokens stop working. Answers the new one once",
  })
  @ApiEnvelope(ROTATED_HEADLESS_SECRET)
  async rotateHeadless(@Param('shopId') shopId: string) {
    return this.answer(
      new RotateHeadlessSecretCommand(shopId),
      'Headless secret rotated; tokens issued before no longer work',
    );
  }

  @Put(':shopId/platform-webhook-secret')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Set the secret the commerce platform signs this shop's webhooks with; only it works for the shop from now on",
  })
  @ApiEnvelope(PLATFORM_SECRET_STATE)
  @ApiErrors(400)
  async setPlatformSecret(@Param('shopId') shopId: string, @Body() body: PlatformWebhookSecretDto) {
    return this.answer(
      new SetPlatformWebhookSecretCommand(shopId, body.secret),
      "Platform webhook secret set; the shop's webhooks are checked with it",
    );
  }

  @Delete(':shopId/platform-webhook-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Remove the shop's own platform webhook secret (the global PLATFORM_WEBHOOK_SECRET applies)",
  })
  @ApiEnvelope(PLATFORM_SECRET_STATE)
  async clearPlatformSecret(@Param('shopId') shopId: string) {
    return this.answer(
      new SetPlatformWebhookSecretCommand(shopId, null),
      'Platform webhook secret removed; the global one applies',
    );
  }

  /** Runs an operator command; its result is the answer, with `message`. */
  private async answer(command: ICommand, message: string) {
    return ok(await this.commands.execute(command), { message });
  }
}
