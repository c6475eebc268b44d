import {
  anyObject,
  anyValue,
  arrayOf,
  bool,
  dateTime,
  int,
  mapOf,
  nullable,
  num,
  object,
  oneOf,
  platformId,
  record,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the privacy endpoints (v2 and operator). */

const KIND = oneOf('customers/data_request', 'customers/redact', 'shop/redact');

export const PRIVACY_REQUEST = record(
  'PrivacyRequest',
  object({
    shopId: str,
    customerId: nullable(str),
    requestId: str,
    kind: KIND,
    platformCustomerId: nullable(platformId),
    source: str,
    receivedAt: dateTime,
    completedAt: nullable(dateTime),
    erasedCustomerIds: arrayOf(str),
  }),
);

/** What the service holds about one customer; the lists hold the stored records as they are. */
export const PRIVACY_DOCUMENT = record(
  'CustomerDataDocument',
  object({
    format: oneOf('loyalty-customer-data/1'),
    shopId: str,
    customerId: str,
    platformCustomerId: nullable(platformId),
    assembledAt: dateTime,
    profile: nullable(anyObject),
    consents: nullable(
      object({ acceptsMarketing: bool, marketingConsent: nullable(bool), smsMarketingConsent: nullable(bool) }),
    ),
    balance: object({
      points: int,
      pendingPoints: int,
      tierId: nullable(str),
      tierPoint: num,
      totalEarnedPoints: int,
    }),
    transactions: arrayOf(anyObject),
    coupons: arrayOf(anyObject),
    orders: arrayOf(anyValue),
    submissions: arrayOf(anyValue),
    uploads: arrayOf(anyValue),
    history: arrayOf(object({ type: str, revision: str, recordedAt: dateTime, data: mapOf({}) })),
  }),
);

export const DATA_REQUEST_RESULT = record(
  'DataRequestResult',
  object({ requestId: str, duplicate: bool, document: nullable(PRIVACY_DOCUMENT.ref) }),
);
