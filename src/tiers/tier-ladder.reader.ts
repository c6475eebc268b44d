import { Injectable } from '@nestjs/common';
import { TierRung } from './domain/tier-rung';
import { TierCatalog } from './tier-catalog';

/** The shop's tier ladder as the ledger needs it: active tiers, lowest target first. */
@Injectable()
export class TierLadderReader {
  constructor(private readonly catalog: TierCatalog) {}

  async rungs(shopId: string): Promise<TierRung[]> {
    return (await this.catalog.forShop(shopId)).rungs;
  }

  async baseTier(shopId: string): Promise<TierRung | null> {
    return (await this.catalog.forShop(shopId)).base;
  }
}
