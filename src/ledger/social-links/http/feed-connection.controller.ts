import { Body, Get, Put } from '@nestjs/common';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { CqrsController } from '../../../shared/http/cqrs-controller';
import { ok } from '../../../shared/http/envelope';
import { ApiEnvelope, ApiErrors } from '../../../shared/http/openapi/responses';
import { FeedConnectionView, SetFeedConnectionCommand } from '../set-feed-connection.handler';
import { GetShopSettingsQuery, ShopSettings } from '../../../shops/queries/get-shop-settings.query';
import { ShopDoc } from '../../../shops/projections/shop-read-models';
import { ShopDirectory } from '../../../shops/shop-directory';
import { FeedConnectionSchema } from '../../../shops/settings/shop-settings.schema';
import { CurrentShop } from '../../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../../shops/http/shop-api';
import { FEED_CONNECTION } from '../../../shops/http/shop.openapi';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

/**
 * The shop's connected messaging page and the secret of its app there (docs/headless-api.md, "Feed
 * link"): a customer's feed link counts as connected only while its page is this one.
 */
@ManagementApi('rest_api/v2/settings', 'v2 shop')
@ApiExtraModels(FeedConnectionSchema)
export class FeedConnectionController extends CqrsController {
  constructor(
    commands: CommandBus,
    queries: QueryBus,
    private readonly shops: ShopDirectory,
  ) {
    super(commands, queries);
  }

  @Get('feed')
  @ApiOperation({ summary: 'The connected messaging page, and whether its app secret is set (never the secret)' })
  @ApiEnvelope(FEED_CONNECTION)
  async getFeed(@CurrentShop() shop: ShopDoc) {
    const settings: ShopSettings = await this.queries.execute(new GetShopSettingsQuery(shop.id));
    const view: FeedConnectionView = {
      pageId: settings.feed.pageId,
      appSecretSet: (await this.shops.feedAppSecret(shop.id)) !== null,
    };
    return ok(view);
  }

  @Put('feed')
  @ApiOperation({
    summary:
      'Connect the messaging page (pageId; null: none) and set the app secret that signs its notifications (absent: unchanged)',
  })
  @ApiEnvelope(FEED_CONNECTION)
  @ApiErrors(400)
  async setFeed(@CurrentShop() shop: ShopDoc, @Body() body: FeedConnectionSchema) {
    const view: FeedConnectionView = await this.commands.execute(
      new SetFeedConnectionCommand(shop.id, body.pageId, body.appSecret),
    );
    return ok(view, { message: 'Feed connection updated' });
  }
}
