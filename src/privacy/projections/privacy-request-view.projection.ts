import { Injectable } from '@nestjs/common';
import { DocumentProjection, DocumentProjectionSpec } from '../../projections/stream-documents';
import { ByType } from '../../shared/domain/decider';
import { PrivacyEvent, PrivacyEventType as T } from '../domain/privacy-requests';
import { PRIVACY_REQUESTS, PrivacyRequestDoc, privacyDocId } from './privacy-read-models';

/** The shop's privacy requests: what was asked, what was erased, and when. */
export const PRIVACY_REQUEST_VIEW: DocumentProjectionSpec<ByType<PrivacyEvent>, PrivacyRequestDoc> = {
  name: PRIVACY_REQUESTS.name,
  documents: PRIVACY_REQUESTS,
  documentId: (e) => privacyDocId(e.shopId, e.requestId),
  handlers: {
    [T.Received]: (_doc, e, { revision }) => ({
      id: privacyDocId(e.shopId, e.requestId),
      shopId: e.shopId,
      requestId: e.requestId,
      kind: e.kind,
      customerId: e.customerId,
      platformCustomerId: e.platformCustomerId,
      source: e.source,
      receivedAt: e.occurredAt,
      completedAt: null,
      erasedCustomerIds: [],
      streamRevision: revision,
    }),
    [T.Completed]: (doc, e, { revision }) =>
      doc && { ...doc, completedAt: e.occurredAt, erasedCustomerIds: e.erasedCustomerIds, streamRevision: revision },
  },
};

@Injectable()
export class PrivacyRequestViewProjection extends DocumentProjection<ByType<PrivacyEvent>, PrivacyRequestDoc> {
  constructor() {
    super(PRIVACY_REQUEST_VIEW);
  }
}
