import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { shopDocument, shopDocuments } from '../../infrastructure/read-store/shop-document';
import { TIER_MEMBERS, TierMembers } from '../tier-members.port';
import { TierDoc, TIERS } from '../projections/tier-read-models';
import { presentTierDetail, presentTierListItem } from './tier.presenter';

/** The shop's tiers, lowest target first, each with its members counted live. */
export class ListTiersQuery {
  constructor(readonly shopId: string) {}
}

/** One tier of the shop (404 for another shop's), with its members and presentation settings. */
export class GetTierQuery {
  constructor(
    readonly shopId: string,
    readonly tierId: string,
  ) {}
}

export type TierListItem = ReturnType<typeof presentTierListItem>;
export type TierDetail = ReturnType<typeof presentTierDetail>;

@QueryHandler(ListTiersQuery)
export class ListTiersHandler implements IQueryHandler<ListTiersQuery, TierListItem[]> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(TIER_MEMBERS) private readonly members: TierMembers,
  ) {}

  async execute({ shopId }: ListTiersQuery): Promise<TierListItem[]> {
    const tiers = await shopDocuments<TierDoc>(this.readStore, TIERS, shopId, 'targetPoint');
    return Promise.all(tiers.map(async (t) => presentTierListItem(t, await this.members.count(shopId, t.id))));
  }
}

@QueryHandler(GetTierQuery)
export class GetTierHandler implements IQueryHandler<GetTierQuery, TierDetail> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(TIER_MEMBERS) private readonly members: TierMembers,
  ) {}

  async execute({ shopId, tierId }: GetTierQuery): Promise<TierDetail> {
    const tier = await shopDocument<TierDoc>(this.readStore, TIERS, tierId, shopId, 'Tier');
    return presentTierDetail(tier, await this.members.count(shopId, tierId));
  }
}
