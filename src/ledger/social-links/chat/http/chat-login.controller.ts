import { AnswersAhead } from '../../../../projections/answers-ahead';
import { HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation } from '@nestjs/swagger';
import { ok } from '../../../../shared/http/envelope';
import { CurrentCustomer } from '../../../../storefront-api/auth/headless-auth.guard';
import { HeadlessCustomerApi } from '../../../../storefront-api/auth/headless-customer-api.decorator';
import { HeadlessCaller } from '../../../../storefront-api/http/headless-request';
import { ApiEnvelope, ApiHeadlessErrors } from '../../../../shared/http/openapi/responses';
import { CHAT_AUTH_URL } from './chat.openapi';
import { ChatAuthUrl, StartChatLoginCommand } from '../start-chat-login.handler';

@HeadlessCustomerApi()
export class ChatLoginController {
  constructor(private readonly commands: CommandBus) {}

  @Post('customer/social/chat/auth-url')
  @HttpCode(200)
  // The login's pending state lives on the customer's stream; no read model is read back.
  @AnswersAhead()
  @ApiOperation({
    summary:
      "Starts the customer's chat login: the network's authorization URL (open it in a popup) with a single-use state that expires. 400 CHAT_NOT_CONNECTED when the shop has not connected the chat network",
  })
  @ApiEnvelope(CHAT_AUTH_URL)
  @ApiHeadlessErrors(400, 404)
  async authUrl(@CurrentCustomer() me: HeadlessCaller) {
    const result: ChatAuthUrl = await this.commands.execute(new StartChatLoginCommand(me.shopId, me.customerId));
    return ok(result, { message: 'Chat login started' });
  }
}
