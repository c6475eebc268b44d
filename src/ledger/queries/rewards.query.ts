import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { PagedList, pagedList, timeRange } from '../../infrastructure/read-store/paged-list';
import { PageOptions } from '../../shared/http/page-query';
import { shopDocument } from '../../infrastructure/read-store/shop-document';
import { RewardDoc, REWARDS } from '../read-models/reward-read-models';

/** One page of a customer's coupons, newest first unless asked otherwise (cursors are reward ids). */
export class ListRewardsQuery {
  constructor(
    readonly shopId: string,
    readonly customerId: string,
    readonly options: PageOptions & {
      status?: string;
      type?: string;
      createdAtMin?: string;
      createdAtMax?: string;
      order?: string;
    },
  ) {}
}

/** One coupon of the shop; another shop's is "not found". */
export class GetRewardQuery {
  constructor(
    readonly shopId: string,
    readonly rewardId: string,
  ) {}
}

@QueryHandler(ListRewardsQuery)
export class ListRewardsHandler implements IQueryHandler<ListRewardsQuery, PagedList<RewardDoc>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, customerId, options }: ListRewardsQuery) {
    const filter: Filter = {
      customerId,
      shopId,
      discountStatus: options.status,
      rewardType: options.type,
      createdAt: timeRange(options.createdAtMin, options.createdAtMax),
    };
    return pagedList(
      await this.readStore.collection<RewardDoc>(REWARDS),
      {
        filter,
        sort: { field: 'sortKey', direction: options.order === 'createdAt_asc' ? 'asc' : 'desc' },
        scope: { shopId, customerId },
        limit: options.limit,
        after: options.after,
        before: options.before,
      },
      options.hasCount,
    );
  }
}

@QueryHandler(GetRewardQuery)
export class GetRewardHandler implements IQueryHandler<GetRewardQuery, RewardDoc> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, rewardId }: GetRewardQuery): Promise<RewardDoc> {
    return shopDocument<RewardDoc>(this.readStore, REWARDS, rewardId, shopId, 'Reward');
  }
}
