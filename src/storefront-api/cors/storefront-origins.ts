import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { BoundedCache } from '../../shared/bounded-cache';
import { STOREFRONT_ORIGINS, StorefrontOriginDoc } from './storefront-origins.projection';

/**
 * How long an origin's shops are kept in memory: a changed setting reaches every process within it
 * (browsers keep a preflight's answer for CORS_MAX_AGE_S anyway).
 */
const KEPT_MS = 10_000;

/** The shops that allow an origin, read by origin from their read model and kept a few seconds. */
@Injectable()
export class StorefrontOrigins {
  private readonly known = new BoundedCache<string, { shops: ReadonlySet<string>; until: number }>({ max: 10_000 });

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async shopsAllowing(origin: string): Promise<ReadonlySet<string>> {
    const key = origin.toLowerCase();
    const hit = this.known.get(key);
    if (hit && hit.until > Date.now()) return hit.shops;
    const docs = await (await this.readStore.collection<StorefrontOriginDoc>(STOREFRONT_ORIGINS)).find({ origin: key });
    const shops = new Set(docs.map((d) => d.shopId));
    this.known.set(key, { shops, until: Date.now() + KEPT_MS });
    return shops;
  }
}
