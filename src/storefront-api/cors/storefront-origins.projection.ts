import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { ShopEvent, ShopEventType } from '../../shops/domain/shop-events';

/** One origin one shop allows: its own domain's (`own`), or one of its storefront settings. */
export interface StorefrontOriginDoc {
  /** `<origin>|<shopId>`. */
  id: string;
  origin: string;
  shopId: string;
  own: boolean;
}

export const STOREFRONT_ORIGINS: CollectionDefinition = { name: 'storefront_origins_v1', indexes: [['origin']] };

/** The origin of the shop's own storefront: its domain over https. */
export const ownOrigin = (domain: string) => `https://${domain.trim().toLowerCase()}`;

/**
 * The origins each shop lets call the headless API from a browser, found by origin (a preflight
 * names no shop): the shop's own domain from provisioning, and the storefront setting's
 * `allowedOrigins`, each setting replacing the shop's listed ones.
 */
@Injectable()
export class StorefrontOriginsProjection implements Projection {
  readonly name = 'storefront_origins_v1';
  readonly collections = [STOREFRONT_ORIGINS];
  readonly handles = handlesEventTypes([ShopEventType.Provisioned, ShopEventType.StorefrontSet]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const origins = batch.collection<StorefrontOriginDoc>(STOREFRONT_ORIGINS);
    for (const recorded of events) {
      const e = fromRecorded<ShopEvent>(recorded);
      if (e.type === ShopEventType.Provisioned) {
        const origin = ownOrigin(e.domain);
        origins.put({ id: `${origin}|${e.shopId}`, origin, shopId: e.shopId, own: true });
      } else if (e.type === ShopEventType.StorefrontSet) {
        const listed = new Set(e.policy.allowedOrigins ?? []);
        for (const doc of await origins.findEqual({ shopId: e.shopId })) {
          if (!doc.own && !listed.has(doc.origin)) origins.delete(doc.id);
        }
        for (const origin of listed) origins.put({ id: `${origin}|${e.shopId}`, origin, shopId: e.shopId, own: false });
      }
    }
  }
}
