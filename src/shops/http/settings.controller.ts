import { Body, Get, Put } from '@nestjs/common';
import { CqrsController } from '../../shared/http/cqrs-controller';
import { ApiExtraModels, ApiOperation } from '@nestjs/swagger';
import { ok } from '../../shared/http/envelope';
import { because } from '../../shared/domain/domain-error';
import { SetShopSettingCommand, ShopSetting } from '../commands/set-shop-setting.handler';
import { CurrentShop } from './shop-auth.guard';
import { ManagementApi } from './shop-api';
import { GetShopSettingsQuery, ShopSettings } from '../queries/get-shop-settings.query';
import { ShopDoc } from '../projections/shop-read-models';
import {
  AccountingSchema,
  EarningLimitSchema,
  MembershipSchema,
  PointsExpirySchema,
  StorefrontSchema,
  TierRetentionSchema,
} from '../settings/shop-settings.schema';
import { storefrontOrigin, writtenPointValue } from '../settings/shop-settings';

import { ApiEnvelope, ApiErrors } from '../../shared/http/openapi/responses';
import { ACCOUNTING, EARNING_LIMIT, MEMBERSHIP, POINTS_EXPIRY, STOREFRONT, TIER_RETENTION } from './shop.openapi';

/** The shop's settings: each body is its setting's one schema (settings/shop-settings.schema.ts). */
@ManagementApi('rest_api/v2/settings', 'v2 shop')
@ApiExtraModels(
  AccountingSchema,
  PointsExpirySchema,
  EarningLimitSchema,
  TierRetentionSchema,
  MembershipSchema,
  StorefrontSchema,
)
export class SettingsController extends CqrsController {
  @Get('points-expiry')
  @ApiOperation({ summary: 'The points expiry policy' })
  @ApiEnvelope(POINTS_EXPIRY)
  async get(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).pointsExpiry);
  }

  @Put('points-expiry')
  @ApiOperation({ summary: 'Set the points expiry policy (off, inactivity, fixed_date); absent fields are unchanged' })
  @ApiEnvelope(POINTS_EXPIRY)
  @ApiErrors(400)
  async set(@CurrentShop() shop: ShopDoc, @Body() body: PointsExpirySchema) {
    const current = (await this.settings(shop)).pointsExpiry;
    return this.save(shop, 'Points expiry updated', {
      type: 'SetPointsExpiry',
      policy: {
        mode: body.mode,
        inactivityDays: body.inactivityDays ?? current.inactivityDays,
        fixedDate: body.fixedDate ?? current.fixedDate,
      },
    });
  }

  @Get('earning-limit')
  @ApiOperation({ summary: 'The global earning limit (per customer and period, per-tier caps)' })
  @ApiEnvelope(EARNING_LIMIT)
  async getEarningLimit(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).earningLimit);
  }

  @Put('earning-limit')
  @ApiOperation({
    summary: 'Set the global earning limit; a tier with maxPoints null is unlimited; absent fields are unchanged',
  })
  @ApiEnvelope(EARNING_LIMIT)
  @ApiErrors(400)
  async setEarningLimit(@CurrentShop() shop: ShopDoc, @Body() body: EarningLimitSchema) {
    const current = (await this.settings(shop)).earningLimit;
    const hasMaximum = current.enabled || current.maxPoints > 0;
    if (body.enabled && body.maxPoints === undefined && !hasMaximum)
      throw because.badRequest('maxPoints is required when the limit is enabled', { field: 'maxPoints' });
    return this.save(shop, 'Earning limit updated', {
      type: 'SetEarningLimit',
      policy: {
        enabled: body.enabled,
        maxPoints: body.maxPoints ?? current.maxPoints,
        period: body.period ?? current.period,
        tiers: body.tiers
          ? body.tiers.map((t) => ({ tierId: t.tierId, maxPoints: t.maxPoints ?? null }))
          : current.tiers,
      },
    });
  }

  @Get('tier-retention')
  @ApiOperation({ summary: 'The tier retention (downgrade) policy' })
  @ApiEnvelope(TIER_RETENTION)
  async getTierRetention(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).tierRetention);
  }

  @Put('tier-retention')
  @ApiOperation({ summary: 'Set the tier retention policy: review period and the window of points that keeps a tier' })
  @ApiEnvelope(TIER_RETENTION)
  @ApiErrors(400)
  async setTierRetention(@CurrentShop() shop: ShopDoc, @Body() body: TierRetentionSchema) {
    const current = (await this.settings(shop)).tierRetention;
    return this.save(shop, 'Tier retention updated', {
      type: 'SetTierRetention',
      policy: {
        downgrade: body.downgrade,
        assessmentMonths: body.assessmentMonths ?? current.assessmentMonths,
        windowMonths: body.windowMonths ?? current.windowMonths,
      },
    });
  }

  @Get('membership')
  @ApiOperation({ summary: 'Who belongs to the program: opt-in enrolment, excluded tags and segments, B2B' })
  @ApiEnvelope(MEMBERSHIP)
  async getMembership(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).membership);
  }

  @Put('membership')
  @ApiOperation({ summary: 'Set opt-in enrolment (Premium plan or above), excluded tags and segments, B2B exclusion' })
  @ApiEnvelope(MEMBERSHIP)
  @ApiErrors(400, 403)
  async setMembership(@CurrentShop() shop: ShopDoc, @Body() body: MembershipSchema) {
    const current = (await this.settings(shop)).membership;
    return this.save(shop, 'Membership rules updated', {
      type: 'SetMembership',
      policy: {
        optInEnrollment: body.optInEnrollment,
        excludedTags: body.excludedTags ? body.excludedTags.map((t) => t.trim()) : current.excludedTags,
        excludedSegments: body.excludedSegments ? body.excludedSegments.map((t) => t.trim()) : current.excludedSegments,
        excludeB2B: body.excludeB2B ?? current.excludeB2B,
      },
    });
  }

  @Get('storefront')
  @ApiOperation({
    summary:
      'What storefronts show (manual adjustments, birthday with a year) and the origins allowed to call the headless API',
  })
  @ApiEnvelope(STOREFRONT)
  async getStorefront(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).storefront);
  }

  @Put('storefront')
  @ApiOperation({
    summary: 'Set what storefronts show and the origins allowed to call the headless API; absent fields are unchanged',
  })
  @ApiEnvelope(STOREFRONT)
  @ApiErrors(400)
  async setStorefront(@CurrentShop() shop: ShopDoc, @Body() body: StorefrontSchema) {
    const current = (await this.settings(shop)).storefront;
    return this.save(shop, 'Storefront settings updated', {
      type: 'SetStorefront',
      policy: {
        hideAdjustPoint: body.hideAdjustPoint ?? current.hideAdjustPoint,
        isNewFormatDOB: body.isNewFormatDOB ?? current.isNewFormatDOB,
        allowedOrigins: body.allowedOrigins
          ? [...new Set(body.allowedOrigins.map((o) => storefrontOrigin(o)!))]
          : current.allowedOrigins,
      },
    });
  }

  @Get('accounting')
  @ApiOperation({ summary: "A point's value in the shop's currency (the points liability's money view)" })
  @ApiEnvelope(ACCOUNTING)
  async getAccounting(@CurrentShop() shop: ShopDoc) {
    return ok((await this.settings(shop)).accounting);
  }

  @Put('accounting')
  @ApiOperation({ summary: "Set a point's value in the shop's currency (a decimal such as 0.01), or null for none" })
  @ApiEnvelope(ACCOUNTING)
  @ApiErrors(400)
  async setAccounting(@CurrentShop() shop: ShopDoc, @Body() body: AccountingSchema) {
    const pointValue = body.pointValue === null ? null : writtenPointValue(body.pointValue);
    return this.save(shop, 'Accounting settings updated', { type: 'SetAccounting', policy: { pointValue } });
  }

  private settings(shop: ShopDoc): Promise<ShopSettings> {
    return this.queries.execute(new GetShopSettingsQuery(shop.id));
  }

  /** Sets one of the shop's policies; the answer is the policy as set, with `message`. */
  private async save(shop: ShopDoc, message: string, setting: ShopSetting) {
    await this.commands.execute(new SetShopSettingCommand(shop.id, setting));
    return ok(setting.policy, { message });
  }
}
