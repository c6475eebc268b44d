import { Body, Get, Put } from '@nestjs/common';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CqrsController } from '../../../../shared/http/cqrs-controller';
import { ok } from '../../../../shared/http/envelope';
import { ApiEnvelope, ApiErrors } from '../../../../shared/http/openapi/responses';
import { ChatConnectionView, SetChatConnectionCommand } from '../set-chat-connection.handler';
import { GetShopSettingsQuery, ShopSettings } from '../../../../shops/queries/get-shop-settings.query';
import { ShopDoc } from '../../../../shops/projections/shop-read-models';
import { ShopDirectory } from '../../../../shops/shop-directory';
import { ChatConnectionSchema } from '../../../../shops/settings/shop-settings.schema';
import { CurrentShop } from '../../../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../../../shops/http/shop-api';
import { CHAT_CONNECTION } from '../../../../shops/http/shop.openapi';

/**
 * The shop's chat channel and its secret (docs/chat-login.md): the chat login answers
 * CHAT_NOT_CONNECTED until both are set.
 */
@ManagementApi('rest_api/v2/settings', 'v2 shop')
@ApiExtraModels(ChatConnectionSchema)
export class ChatConnectionController extends CqrsController {
  constructor(
    commands: CommandBus,
    queries: QueryBus,
    private readonly shops: ShopDirectory,
  ) {
    super(commands, queries);
  }

  @Get('chat')
  @ApiOperation({ summary: 'The connected chat channel, and whether its secret is set (never the secret)' })
  @ApiEnvelope(CHAT_CONNECTION)
  async getChat(@CurrentShop() shop: ShopDoc) {
    const settings: ShopSettings = await this.queries.execute(new GetShopSettingsQuery(shop.id));
    const view: ChatConnectionView = {
      channelId: settings.chat.channelId,
      channelSecretSet: (await this.shops.chatChannelSecret(shop.id)) !== null,
    };
    return ok(view);
  }

  @Put('chat')
  @ApiOperation({
    summary:
      'Connect the chat channel (channelId; null: none) and set its channel secret, the login client secret that signs its notifications (absent: unchanged)',
  })
  @ApiEnvelope(CHAT_CONNECTION)
  @ApiErrors(400)
  async setChat(@CurrentShop() shop: ShopDoc, @Body() body: ChatConnectionSchema) {
    const view: ChatConnectionView = await this.commands.execute(
      new SetChatConnectionCommand(shop.id, body.channelId, body.channelSecret),
    );
    return ok(view, { message: 'Chat connection updated' });
  }
}
