import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { TierDoc, TIERS } from '../projections/tier-view.projection';

/** Tier names for presenting customers: read at query time, so a renamed tier shows its new name everywhere. */
@Injectable()
export class TierNames {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async forShop(shopId: string): Promise<Map<string, string>> {
    const tiers = await (await this.readStore.collection<TierDoc>(TIERS)).find({ shopId });
    return new Map(tiers.map((t) => [t.id, t.name]));
  }
}
