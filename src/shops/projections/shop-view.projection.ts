import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { ShopEvent, ShopEventType, ShopPolicies } from '../domain/shop-events';
import { ShopDoc, SHOPS } from './shop-read-models';

/** The setting each setting event replaces, by its name in ShopDoc. */
const SETTING_SET_BY = {
  [ShopEventType.PointsExpirySet]: 'pointsExpiry',
  [ShopEventType.EarningLimitSet]: 'earningLimit',
  [ShopEventType.TierRetentionSet]: 'tierRetention',
  [ShopEventType.MembershipSet]: 'membership',
  [ShopEventType.StorefrontSet]: 'storefront',
  [ShopEventType.AccountingSet]: 'accounting',
  [ShopEventType.FeedConnectionSet]: 'feed',
  [ShopEventType.ChatConnectionSet]: 'chat',
} as const satisfies Record<string, keyof ShopPolicies>;

@Injectable()
export class ShopViewProjection implements Projection {
  readonly name = 'shops_v1';
  readonly collections = [SHOPS];

  readonly handles = handlesEventTypes([ShopEventType.Provisioned, ...Object.keys(SETTING_SET_BY)]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const shops = batch.collection<ShopDoc>(SHOPS);
    for (const recorded of events) {
      const e = fromRecorded<ShopEvent>(recorded);
      if (e.type === ShopEventType.Provisioned) {
        shops.put({
          id: e.shopId,
          domain: e.domain,
          plan: e.plan,
          currency: e.currency,
          timezone: e.timezone,
          appKey: e.appKey,
          createdAt: e.occurredAt,
        });
      } else if ('policy' in e) {
        const doc = await shops.get(e.shopId);
        if (doc) shops.put({ ...doc, [SETTING_SET_BY[e.type]]: e.policy });
      }
    }
  }
}
