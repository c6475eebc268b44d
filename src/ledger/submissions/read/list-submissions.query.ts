import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Filter, READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { PagedList, pagedList } from '../../../infrastructure/read-store/paged-list';
import { PageOptions } from '../../../shared/http/page-query';
import { SubmissionStatus } from '../../customer-events';
import { SubmissionDoc, SUBMISSIONS } from './submission-view.projection';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/** The shop's submissions, newest first unless asked otherwise, filtered by status, program and customer. */
export class ListSubmissionsQuery {
  constructor(
    readonly shopId: string,
    readonly options: PageOptions & {
      status?: SubmissionStatus;
      programId?: string;
      customerId?: string;
      platformCustomerId?: PlatformCustomerId;
      order: 'createdAt_desc' | 'createdAt_asc';
    },
  ) {}
}

@QueryHandler(ListSubmissionsQuery)
export class ListSubmissionsHandler implements IQueryHandler<ListSubmissionsQuery, PagedList<SubmissionDoc>> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, options }: ListSubmissionsQuery) {
    const submissions = await this.readStore.collection<SubmissionDoc>(SUBMISSIONS);
    const filter: Filter = {
      shopId,
      status: options.status,
      programId: options.programId,
      customerId: options.customerId,
      platformCustomerId: options.platformCustomerId,
    };
    return pagedList(
      submissions,
      {
        filter,
        sort: { field: 'sortKey', direction: options.order === 'createdAt_asc' ? 'asc' : 'desc' },
        scope: { shopId },
        limit: options.limit,
        before: options.before,
        after: options.after,
      },
      options.hasCount,
    );
  }
}
