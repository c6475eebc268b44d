import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { PrivacyRequestKind } from '../domain/privacy-requests';
import { CustomerDataDocument } from '../queries/customer-data';

/** One privacy request of a shop, as the merchant and the operator list them (PrivacyRequestView). */
export interface PrivacyRequestDoc {
  id: string;
  shopId: string;
  requestId: string;
  kind: PrivacyRequestKind;
  customerId: string | null;
  platformCustomerId: number | null;
  source: string;
  receivedAt: string;
  completedAt: string | null;
  erasedCustomerIds: string[];
  streamRevision: string;
}

export const PRIVACY_REQUESTS: CollectionDefinition = {
  name: 'privacy_requests_v1',
  indexes: [['shopId', 'receivedAt']],
};

/**
 * The document a data request assembled, kept for the merchant and the operator to fetch. It is the
 * customer's personal data: a later erasure of the customer (or the shop) deletes it.
 */
export interface PrivacyDocumentDoc {
  id: string;
  shopId: string;
  customerId: string;
  requestId: string;
  createdAt: string;
  document: CustomerDataDocument;
}

export const PRIVACY_DOCUMENTS: CollectionDefinition = {
  name: 'privacy_documents_v1',
  indexes: [['shopId', 'customerId']],
};

export const privacyDocId = (shopId: string, requestId: string) => `${shopId}:${requestId}`;
