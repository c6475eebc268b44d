import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import { CUSTOMERS } from '../../ledger/projections/ledger-read-models';
import { TierDoc, TIERS } from '../projections/tier-read-models';
import { presentTierDetail, presentTierListItem } from './tier.presenter';

/** Reads of the tiers read model; members are counted live from the customers read model. */
@Injectable()
export class TierQueries {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async list(shopId: string) {
    const tiers = await (
      await this.readStore.collection<TierDoc>(TIERS)
    ).find({ shopId }, { sort: { field: 'targetPoint', direction: 'asc' } });
    const customers = await this.readStore.collection(CUSTOMERS);
    return Promise.all(tiers.map(async (t) => presentTierListItem(t, await customers.count({ shopId, tierId: t.id }))));
  }

  async detail(shopId: string, tierId: string) {
    const tier = await (await this.readStore.collection<TierDoc>(TIERS)).get(tierId);
    if (!tier || tier.shopId !== shopId) throw because.notFound('Tier');
    const members = await (await this.readStore.collection(CUSTOMERS)).count({ shopId, tierId });
    return presentTierDetail(tier, members);
  }
}
