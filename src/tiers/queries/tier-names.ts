import { Injectable } from '@nestjs/common';
import { TierCatalog } from '../tier-catalog';

/** Tier names for presenting customers: looked up at query time, so a renamed tier shows its new name everywhere. */
@Injectable()
export class TierNames {
  constructor(private readonly catalog: TierCatalog) {}

  async forShop(shopId: string): Promise<Map<string, string>> {
    return (await this.catalog.forShop(shopId)).names;
  }
}
