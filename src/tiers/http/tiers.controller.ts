import { Body, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { parseTierRewards, TierRewardSchema } from '../tier-reward.schema';
import { TierSettingsInput } from '../domain/tier-events';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ManagementApi } from '../../shops/http/shop-api';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ok } from '../../shared/http/envelope';
import { because } from '../../shared/domain/domain-error';
import { definedOnly } from '../../shared/domain/ids';
import { GetTierQuery, ListTiersQuery, TierDetail, TierListItem } from '../queries/tier-queries';
import { CreateTierDto, UpdateTierDto } from './tier.dto';
import { DefineTierCommand } from '../commands/define-tier.handler';
import { UpdateTierCommand } from '../commands/update-tier.handler';
import { RemoveTierCommand } from '../commands/remove-tier.handler';
import { ApiEnvelope, ApiErrors, ApiList } from '../../shared/http/openapi/responses';
import { object, str } from '../../shared/http/openapi/schema';
import { TIER_DETAIL, TIER_LIST_ITEM } from './tiers.openapi';

/** A tier's fields as sent, its rewards parsed by their schema (the write edge of tier rewards). */
function withParsedRewards<T extends { tierRewards?: unknown }>(fields: T): Omit<T, 'tierRewards'> & TierSettingsInput {
  const { tierRewards, ...rest } = fields;
  return tierRewards === undefined ? rest : { ...rest, tierRewards: parseTierRewards(tierRewards) };
}

@ManagementApi('rest_api/v2/tiers', 'v2 tiers')
@ApiExtraModels(TierRewardSchema)
export class TiersController extends CqrsController {
  private tierList(shopId: string): Promise<TierListItem[]> {
    return this.queries.execute(new ListTiersQuery(shopId));
  }

  private tierDetail(shopId: string, tierId: string): Promise<TierDetail> {
    return this.queries.execute(new GetTierQuery(shopId, tierId));
  }

  @Get()
  @ApiOperation({ summary: "The shop's tiers, lowest target first" })
  @ApiList(TIER_LIST_ITEM)
  async list(@CurrentShop() shop: ShopDoc) {
    const tiers = await this.tierList(shop.id);
    return ok(tiers, { meta: { count: tiers.length } });
  }

  @Get(':tierId')
  @ApiOperation({ summary: 'Tier detail' })
  @ApiEnvelope(TIER_DETAIL)
  @ApiErrors(404)
  async detail(@CurrentShop() shop: ShopDoc, @Param('tierId') tierId: string) {
    return ok(await this.tierDetail(shop.id, tierId));
  }

  @Post()
  @HttpCode(201)
  @ApiOperation({ summary: 'Create a tier (merchant configuration)' })
  @ApiEnvelope(TIER_DETAIL, { status: 201, description: 'Created' })
  @ApiErrors(400, 409)
  async create(@CurrentShop() shop: ShopDoc, @Body() body: CreateTierDto) {
    const settings = { ...withParsedRewards(definedOnly(body)), name: body.name, targetPoint: body.targetPoint };
    const { tierId } = await this.commands.execute(new DefineTierCommand(shop.id, settings));
    return ok(await this.tierDetail(shop.id, tierId), { message: 'Tier created' });
  }

  @Put(':tierId')
  @ApiOperation({ summary: 'Update a tier; a rename keeps the old name in prevNames' })
  @ApiEnvelope(TIER_DETAIL)
  @ApiErrors(400, 404, 409)
  async update(@CurrentShop() shop: ShopDoc, @Param('tierId') tierId: string, @Body() body: UpdateTierDto) {
    await this.tierDetail(shop.id, tierId);
    const changes = withParsedRewards(definedOnly(body));
    if (Object.keys(changes).length === 0)
      throw because.badRequest('send at least one field to change', { field: 'body' });
    await this.commands.execute(new UpdateTierCommand(shop.id, tierId, changes));
    return ok(await this.tierDetail(shop.id, tierId), { message: 'Tier updated' });
  }

  @Delete(':tierId')
  @ApiOperation({ summary: 'Delete a tier without members (the base tier stays)' })
  @ApiEnvelope(object({ id: str }))
  @ApiErrors(400, 404, 409)
  async remove(@CurrentShop() shop: ShopDoc, @Param('tierId') tierId: string) {
    await this.tierDetail(shop.id, tierId);
    await this.commands.execute(new RemoveTierCommand(shop.id, tierId));
    return ok({ id: tierId }, { message: 'Tier deleted' });
  }
}
