import { Injectable } from '@nestjs/common';
import { ProjectionBatch } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { ShopProvisioned, ShopEventType } from '../domain/shop-events';
import { ShopDoc, SHOPS } from './shop-read-models';

@Injectable()
export class ShopViewProjection implements Projection {
  readonly name = 'shops_v1';
  readonly collections = [SHOPS];

  handles(eventType: string): boolean {
    return eventType === ShopEventType.Provisioned;
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const shops = batch.collection<ShopDoc>(SHOPS);
    const docs = events.map((recorded) => {
      const e = fromRecorded<ShopProvisioned>(recorded);
      return {
        id: e.shopId,
        domain: e.domain,
        plan: e.plan,
        currency: e.currency,
        timezone: e.timezone,
        appKey: e.appKey,
        createdAt: e.occurredAt,
      };
    });
    docs.forEach((doc) => shops.put(doc));
  }
}
