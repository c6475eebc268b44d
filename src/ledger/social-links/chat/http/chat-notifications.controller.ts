import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request } from 'express';
import { ok } from '../../../../shared/http/envelope';
import { CHAT_SIGNATURE_HEADER } from '../chat-notification';
import { ChatNotificationResult, ReceiveChatNotificationCommand } from '../receive-chat-notification.handler';

/**
 * Where the chat network sends a shop's channel events (the channel's webhook URL there):
 * `POST /social/chat/webhooks/<shopId>`, signed with the channel secret (docs/chat-login.md).
 * Called by the network, not by clients: not in the OpenAPI document.
 */
@ApiExcludeController()
@Controller('social/chat/webhooks')
export class ChatNotificationsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':shopId')
  @HttpCode(200)
  async receive(
    @Param('shopId') shopId: string,
    @Headers(CHAT_SIGNATURE_HEADER) signature: string | undefined,
    @Req() request: Request & { rawBody?: Buffer },
  ) {
    const result: ChatNotificationResult = await this.commands.execute(
      new ReceiveChatNotificationCommand(shopId, request.rawBody ?? Buffer.alloc(0), signature, request.body),
    );
    return ok(result, { message: 'Received' });
  }
}
