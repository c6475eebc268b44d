import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request } from 'express';
import { ok } from '../../../shared/http/envelope';
import { FEED_SIGNATURE_HEADER } from '../feed-notification';
import { FeedNotificationResult, ReceiveFeedNotificationCommand } from '../receive-feed-notification.handler';

/**
 * Where the messaging network sends the link notifications of a shop's page (the shop's app's
 * webhook URL there): `POST /social/feed/webhooks/<shopId>`, signed with the app secret
 * (docs/headless-api.md, "Feed link"). Called by the network, not by clients: not in the OpenAPI document.
 */
@ApiExcludeController()
@Controller('social/feed/webhooks')
export class FeedNotificationsController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':shopId')
  @HttpCode(200)
  async receive(
    @Param('shopId') shopId: string,
    @Headers(FEED_SIGNATURE_HEADER) signature: string | undefined,
    @Req() request: Request & { rawBody?: Buffer },
  ) {
    const result: FeedNotificationResult = await this.commands.execute(
      new ReceiveFeedNotificationCommand(shopId, request.rawBody ?? Buffer.alloc(0), signature, request.body),
    );
    return ok(result, { message: 'Received' });
  }
}
