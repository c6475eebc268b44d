import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { PrivacyRequestKind } from '../domain/privacy-requests';
import { TransactionDoc } from '../../ledger/read-models/ledger-read-models';
import { RewardDoc } from '../../ledger/read-models/reward-read-models';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** One privacy request of a shop, as the merchant and the operator list them (PrivacyRequestView). */
export interface PrivacyRequestDoc {
  id: string;
  shopId: string;
  requestId: string;
  kind: PrivacyRequestKind;
  customerId: string | null;
  platformCustomerId: PlatformCustomerId | null;
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

export const DATA_REQUEST_FORMAT = 'loyalty-customer-data/1';

/** One customer's data as the service keeps it (customers/data_request, GDPR article 15). */
export interface CustomerDataDocument {
  format: typeof DATA_REQUEST_FORMAT;
  shopId: string;
  customerId: string;
  platformCustomerId: PlatformCustomerId | null;
  assembledAt: string;
  /** Who the customer is: email, names, phone, birthday and date of birth, membership, tags, segments. */
  profile: Record<string, unknown> | null;
  consents: { acceptsMarketing: boolean; marketingConsent: boolean | null; smsMarketingConsent: boolean | null } | null;
  balance: {
    points: number;
    pendingPoints: number;
    tierId: string | null;
    tierPoint: number;
    totalEarnedPoints: number;
  };
  transactions: TransactionDoc[];
  coupons: RewardDoc[];
  /** The orders the platform's webhooks described (the ledger's record of each is in `history`). */
  orders: unknown[];
  /** Storefront submissions: none are kept by this version of the service. */
  submissions: unknown[];
  /** The customer's uploaded images (`key` is the path after `/uploads/` of its URL). */
  uploads: Array<{ key: string; contentType: string; size: number }>;
  /** Every event of the customer's stream (what the log keeps), in order. */
  history: Array<{ type: string; revision: string; recordedAt: string; data: Record<string, unknown> }>;
}
