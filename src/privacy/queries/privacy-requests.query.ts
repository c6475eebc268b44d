import { Inject } from '@nestjs/common';
import { IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { because } from '../../shared/domain/domain-error';
import {
  PRIVACY_DOCUMENTS,
  PRIVACY_REQUESTS,
  PrivacyDocumentDoc,
  privacyDocId,
  PrivacyRequestDoc,
} from '../projections/privacy-read-models';
import { CustomerDataDocument } from './customer-data';

export type PrivacyRequestView = Omit<PrivacyRequestDoc, 'id' | 'streamRevision'>;

const LIST_LIMIT = 500;

/** The shop's privacy requests, newest first: what was asked, what was erased, and when. */
export class ListPrivacyRequestsQuery extends Query<PrivacyRequestView[]> {
  constructor(readonly shopId: string) {
    super();
  }
}

@QueryHandler(ListPrivacyRequestsQuery)
export class ListPrivacyRequestsHandler implements IQueryHandler<ListPrivacyRequestsQuery, PrivacyRequestView[]> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId }: ListPrivacyRequestsQuery): Promise<PrivacyRequestView[]> {
    const requests = await this.readStore.collection<PrivacyRequestDoc>(PRIVACY_REQUESTS);
    const found = await requests.find(
      { shopId },
      { sort: { field: 'receivedAt', direction: 'desc' }, limit: LIST_LIMIT },
    );
    return found.map(({ id: _id, streamRevision: _r, ...view }) => view);
  }
}

/** The document a data request assembled; 404 when there is none (unknown, or erased since). */
export class GetPrivacyDocumentQuery extends Query<CustomerDataDocument> {
  constructor(
    readonly shopId: string,
    readonly requestId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPrivacyDocumentQuery)
export class GetPrivacyDocumentHandler implements IQueryHandler<GetPrivacyDocumentQuery, CustomerDataDocument> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, requestId }: GetPrivacyDocumentQuery): Promise<CustomerDataDocument> {
    const documents = await this.readStore.collection<PrivacyDocumentDoc>(PRIVACY_DOCUMENTS);
    const kept = await documents.get(privacyDocId(shopId, requestId));
    if (!kept) throw because.notFound('Data request document');
    return kept.document;
  }
}
