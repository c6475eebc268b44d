import { Body, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Optional } from '../shared/http/validation';
import { ok } from '../shared/http/envelope';
import { PLANS } from '../shops/domain/shop-events';
import { OperatorApi } from './operator-api';
import { ProvisionShopCommand } from './provision-shop.handler';
import { RotateShopSecretCommand } from '../shops/commands/rotate-shop-secret.handler';
import { RotateHeadlessSecretCommand } from '../shops/commands/rotate-headless-secret.handler';

export class CreateShopDto {
  @ApiProperty({ example: 'myshop.example.com' })
  @IsString()
  @IsNotEmpty({ message: 'domain is required' })
  @MaxLength(253)
  domain: string;
  @ApiPropertyOptional({ enum: PLANS, default: 'ultimate' }) @Optional() @IsIn(PLANS) plan?: string;
  @ApiPropertyOptional({ default: 'USD' }) @Optional() @IsString() @MaxLength(3) currency?: string;
  @ApiPropertyOptional({ default: 'UTC' }) @Optional() @IsString() @MaxLength(100) timezone?: string;
}

@OperatorApi('admin/api/shops')
export class AdminShopsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({ summary: 'Provision a shop; answers its keys once' })
  async create(@Body() body: CreateShopDto) {
    const shop = await this.commands.execute(
      new ProvisionShopCommand(body.domain, body.plan, body.currency, body.timezone),
    );
    return ok(shop, { message: 'Shop created; store the secrets now, they are not shown again' });
  }

  @Post(':shopId/rotate-secret')
  @HttpCode(200)
  @ApiOperation({ summary: "Replace a shop's secret key (also the webhook signing key); answers the new one once" })
  async rotate(@Param('shopId') shopId: string) {
    return ok(await this.commands.execute(new RotateShopSecretCommand(shopId)), {
      message: 'Secret rotated; the old one no longer works',
    });
  }

  @Post(':shopId/rotate-headless-secret')
  @HttpCode(200)
  @ApiOperation({
    summary: "Replace a shop's headless secret; its headless tokens stop working. Answers the new one once",
  })
  async rotateHeadless(@Param('shopId') shopId: string) {
    return ok(await this.commands.execute(new RotateHeadlessSecretCommand(shopId)), {
      message: 'Headless secret rotated; tokens issued before no longer work',
    });
  }
}
