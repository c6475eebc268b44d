import { Body, Controller, Header, HttpCode, Post, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ok } from '../../shared/http/envelope';
import { TokenExchangeExceptionFilter } from '../../storefront-api/http/headless-exception.filter';
import { TokenIpQuotaGuard } from '../../storefront-api/rate-limits/quota.guards';
import { HEADLESS_PREFIX } from '../../storefront-api/http/headless-request';
import { IssueHeadlessTokenCommand } from './issue-token.handler';
import { TokenRequestDto } from './token-request.dto';
import { ApiEnvelope, ApiErrors, ApiHeadlessErrors } from '../../shared/http/openapi/responses';
import { HEADLESS_TOKEN } from '../http/headless.openapi';
import { ApiPublic } from '../../shared/http/openapi/security';

@ApiTags('headless')
@UseFilters(TokenExchangeExceptionFilter)
@Controller(HEADLESS_PREFIX)
export class TokenController {
  constructor(private readonly commands: CommandBus) {}

  @Post('auth/token')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(TokenIpQuotaGuard)
  @ApiOperation({
    summary:
      'Exchange a customer identity (grant hmac, or shopify_customer_token) for a bearer token; 401 UNAUTHORIZED, 403 PLAN_NOT_ELIGIBLE or EXCLUDED, 429, 503',
  })
  @ApiEnvelope(HEADLESS_TOKEN)
  @ApiErrors(400, 401, 403, 503)
  @ApiHeadlessErrors(429)
  @ApiPublic()
  async token(@Body() body: TokenRequestDto) {
    const token = await this.commands.execute(new IssueHeadlessTokenCommand(body));
    return ok(token, { message: 'Token issued' });
  }
}
