import {
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
import { PAGINATION } from '../../shared/http/openapi/responses';

/** The records of the audit endpoints (v2 audit, and the operator's audit keys and verifications). */

export const REPLAYED_EVENT = record(
  'AuditReplayedEvent',
  object({
    revision: int,
    position: str,
    type: str,
    eventId: str,
    occurredAt: dateTime,
    recordedAt: dateTime,
    data: mapOf(anyValue),
    after: object({
      balance: int,
      pendingPoints: int,
      tierPoint: num,
      tierId: nullable(str),
      tierName: nullable(str),
      earnedTotal: int,
    }),
  }),
);

/** `meta` of a replay: whose stream, as of when, and where the pages around are. */
export const REPLAY_META = object({
  customerId: str,
  platformCustomerId: nullable(platformId),
  streamId: str,
  asOf: nullable(dateTime),
  pagination: PAGINATION.ref,
});

export const CUSTOMER_STATE = record(
  'AuditCustomerState',
  object({
    customerId: str,
    platformCustomerId: nullable(platformId),
    asOf: nullable(dateTime),
    revision: int,
    position: str,
    occurredAt: dateTime,
    balance: int,
    pendingPoints: int,
    tierId: nullable(str),
    tierName: nullable(str),
    tierPoint: num,
    earnedTotal: int,
    activeCoupons: arrayOf(
      object({
        couponCode: str,
        rewardId: str,
        pointsSpent: int,
        rewardType: nullable(str),
        expiresAt: nullable(dateTime),
      }),
    ),
  }),
);

const AUDIT_KEY_FIELDS = {
  id: str,
  shopId: str,
  label: nullable(str),
  createdAt: dateTime,
  revokedAt: nullable(dateTime),
  active: bool,
};

export const AUDIT_KEY = record('AuditKey', object(AUDIT_KEY_FIELDS));

export const CREATED_AUDIT_KEY = record(
  'CreatedAuditKey',
  object({ ...AUDIT_KEY_FIELDS, key: { type: 'string', description: 'The secret: shown this once' } }),
);

const VERIFICATION_FIELDS = {
  id: str,
  shopId: nullable(str),
  status: oneOf('running', 'succeeded', 'failed', 'interrupted'),
  startedAt: dateTime,
  updatedAt: dateTime,
  finishedAt: nullable(dateTime),
  progress: object({ streams: int, events: int, expectedStreams: int }),
  differences: int,
  summary: nullable(
    object({
      shopId: nullable(str),
      streams: int,
      events: int,
      documents: object(
        {
          customers: int,
          transactions: int,
          rewards: int,
          liabilityDays: { type: 'integer', description: 'Absent on verifications run by an older version' },
        },
        ['liabilityDays'],
      ),
      differences: int,
      inFlight: int,
      ms: num,
      eventsPerSecond: num,
    }),
  ),
  error: nullable(str),
};

export const VERIFICATION_JOB = record('AuditVerification', object(VERIFICATION_FIELDS));

export const VERIFICATION_WITH_DIFFERENCES = record(
  'AuditVerificationWithDifferences',
  object({
    ...VERIFICATION_FIELDS,
    differenceList: arrayOf(
      object(
        {
          seq: int,
          collection: str,
          documentId: str,
          shopId: str,
          customerId: nullable(str),
          problem: oneOf('field', 'missing', 'unexplained'),
          field: str,
          readModel: anyValue,
          log: anyValue,
        },
        ['field', 'readModel', 'log'],
      ),
    ),
  }),
);
