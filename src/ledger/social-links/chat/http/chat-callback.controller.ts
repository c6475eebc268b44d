import { Controller, Get, Query, UseFilters, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiProperty, ApiResponse, ApiTags } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { ok } from '../../../../shared/http/envelope';
import { ApiEnvelope, ApiHeadlessErrors, ERROR_ENVELOPE } from '../../../../shared/http/openapi/responses';
import { ApiPublic } from '../../../../shared/http/openapi/security';
import { HeadlessExceptionFilter } from '../../../../storefront-api/http/headless-exception.filter';
import { HEADLESS_PREFIX } from '../../../../storefront-api/http/headless-request';
import { PublicIpQuotaGuard } from '../../../../storefront-api/rate-limits/quota.guards';
import { CHAT_LOGIN_RESULT } from './chat.openapi';
import { ChatLoginResult, CompleteChatLoginCommand } from '../complete-chat-login.handler';

export class ChatCallbackDto {
  @ApiProperty({ description: "The network's authorization code" })
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  code: string;

  @ApiProperty({ description: 'The single-use state the auth-url carried' })
  @IsString()
  @MinLength(1)
  @MaxLength(512)
  state: string;
}

/**
 * The chat login's OAuth 2.0 redirect_uri (CHAT_CALLBACK_URL): the shopper's browser comes back here
 * from the network with `code` and `state`. Public (no token): the single-use state is the guard.
 */
@ApiTags('headless')
@UseFilters(HeadlessExceptionFilter)
@Controller(HEADLESS_PREFIX)
export class ChatCallbackController {
  constructor(private readonly commands: CommandBus) {}

  @Get('social/chat/callback')
  @UseGuards(PublicIpQuotaGuard)
  @ApiOperation({
    summary:
      "The chat login's callback: exchanges the code, links the customer the state was made for (chatLinked) and pays a follow_oa join-chat program once. 400 CHAT_LOGIN_REFUSED for a forged, used, replaced or expired state; 409 CHAT_ACCOUNT_TAKEN when the chat account links another customer of the shop (nothing paid); 502 CHAT_NETWORK_FAILED when the network fails (nothing changed)",
  })
  @ApiEnvelope(CHAT_LOGIN_RESULT)
  @ApiHeadlessErrors(400, 409, 429)
  @ApiResponse({
    status: 502,
    description: 'The chat network could not be reached or refused the code: CHAT_NETWORK_FAILED (nothing changed)',
    schema: ERROR_ENVELOPE.ref,
  })
  @ApiPublic()
  async callback(@Query() query: ChatCallbackDto) {
    const result: ChatLoginResult = await this.commands.execute(new CompleteChatLoginCommand(query.code, query.state));
    return ok(result, { message: 'Chat account linked' });
  }
}
