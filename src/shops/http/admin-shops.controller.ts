import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  HttpCode,
  Injectable,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsOptional, IsString } from 'class-validator';
import { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../../config/app-config';
import { DomainError, because } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { PLANS } from '../domain/shop-events';
import { ProvisionShopCommand } from '../commands/provision-shop.handler';
import { RotateShopSecretCommand } from '../commands/rotate-shop-secret.handler';
import { RotateHeadlessSecretCommand } from '../commands/rotate-headless-secret.handler';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Operator API: `Authorization: Bearer $ADMIN_TOKEN`. Without ADMIN_TOKEN it does not exist (404). */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.adminToken)
      throw new DomainError('NOT_FOUND', 'The operator API is off (ADMIN_TOKEN is not set)', 404);
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !timingSafeEqual(digest(token), digest(this.config.adminToken))) {
      throw because.unauthorized('A valid operator bearer token is required');
    }
    return true;
  }
}

export class CreateShopDto {
  @ApiProperty({ example: 'myshop.example.com' })
  @IsString()
  @IsNotEmpty({ message: 'domain is required' })
  domain: string;
  @ApiPropertyOptional({ enum: PLANS, default: 'ultimate' }) @IsOptional() @IsIn(PLANS) plan?: string;
  @ApiPropertyOptional({ default: 'USD' }) @IsOptional() @IsString() currency?: string;
  @ApiPropertyOptional({ default: 'UTC' }) @IsOptional() @IsString() timezone?: string;
}

@ApiTags('operator')
@ApiBearerAuth()
@UseGuards(AdminTokenGuard)
@Controller('admin/api/shops')
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
