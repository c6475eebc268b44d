import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { PagedList, pagedList } from '../../../infrastructure/read-store/paged-list';
import { REFERRALS, ReferralDoc } from './referral-read-models';

/** A referrer's friends, newest first (cursor: a friend's `id` of the page before). */
export class ListReferralsQuery {
  constructor(
    readonly shopId: string,
    readonly referrerId: string,
    readonly page: { limit: number; before?: string; after?: string },
  ) {}
}

/**
 * One friend in the referral history: the friend as the referrer may see them (a masked email), where
 * they stand (invited, joined, qualified, rewarded, refused: `reason` says why), how they came, the
 * points the referrer earned for them, and when each step happened.
 */
export function presentReferral(d: ReferralDoc) {
  return {
    id: d.friendKey,
    friend: d.friendLabel,
    state: d.state,
    reason: d.reason,
    via: d.via,
    programId: d.programId,
    pointsEarned: d.pointsEarned,
    rewardId: d.rewardId,
    invitedAt: d.invitedAt,
    joinedAt: d.joinedAt,
    qualifiedAt: d.qualifiedAt,
    rewardDueAt: d.rewardDueAt,
    rewardedAt: d.rewardedAt,
    refusedAt: d.refusedAt,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export type ReferralHistoryItem = ReturnType<typeof presentReferral>;

@QueryHandler(ListReferralsQuery)
export class ListReferralsHandler implements IQueryHandler<ListReferralsQuery, PagedList<ReferralHistoryItem>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, referrerId, page }: ListReferralsQuery): Promise<PagedList<ReferralHistoryItem>> {
    const referrals = await this.readStore.collection<ReferralDoc>(REFERRALS);
    // Cursors are friend keys, as the items show them; the store pages by document id.
    const docId = (key?: string) => (key ? `${referrerId}:${key}` : undefined);
    const { items, pagination } = await pagedList(
      referrals,
      {
        filter: { referrerId, shopId },
        sort: { field: 'sortKey', direction: 'desc' },
        scope: { shopId, referrerId },
        limit: page.limit,
        before: docId(page.before),
        after: docId(page.after),
      },
      false,
    );
    return { items: items.map(presentReferral), pagination };
  }
}
