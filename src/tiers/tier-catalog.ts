import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { TierDoc, TIERS } from './projections/tier-read-models';
import { TierRung } from './domain/tier-rung';
import { ShopTierIds } from '../shared/shop-tier-ids';
import { bonusOf } from './domain/tier-reward';
import { BoundedCache } from '../shared/bounded-cache';

interface ShopTiers {
  docs: TierDoc[];
  names: Map<string, string>;
  rungs: TierRung[];
  base: TierRung | null;
}

/**
 * A shop's tiers, read from the tiers read model and kept in memory: every award and every customer
 * read needs them, and they change rarely. The tier projection calls `invalidate` when it applies a
 * tier event; every process runs the projections, so every process's copy is dropped. A generation
 * counter stops a load that started before an invalidation from storing what it read.
 */
@Injectable()
export class TierCatalog implements ShopTierIds {
  private readonly cache = new BoundedCache<string, ShopTiers>({ max: 10_000 });
  private generation = 0;

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async tierIdsOf(shopId: string): Promise<string[]> {
    return (await this.forShop(shopId)).docs.map((t) => t.id);
  }

  invalidate(shopId: string): void {
    this.generation++;
    this.cache.delete(shopId);
  }

  async forShop(shopId: string): Promise<ShopTiers> {
    const cached = this.cache.get(shopId);
    if (cached) return cached;
    const generation = this.generation;
    const docs = await (
      await this.readStore.collection<TierDoc>(TIERS)
    ).find({ shopId }, { sort: { field: 'targetPoint', direction: 'asc' } });
    const rung = (t: TierDoc): TierRung => {
      const bonus = bonusOf(t.tierRewards);
      return {
        id: t.id,
        name: t.name,
        targetPoint: t.targetPoint,
        bonusPoints: bonus.points,
        bonusRewardIds: bonus.rewardIds,
      };
    };
    const base = docs.find((t) => t.isSystemTier);
    const entry: ShopTiers = {
      docs,
      names: new Map(docs.map((t) => [t.id, t.name])),
      // Inactive tiers are shown but never entered automatically.
      rungs: docs.filter((t) => !t.inactive).map(rung),
      base: base ? rung(base) : null,
    };
    if (generation === this.generation) this.cache.set(shopId, entry);
    return entry;
  }
}
