import { ApiPlain } from '../../shared/http/openapi/responses';
import {
  anyValue,
  arrayOf,
  bool,
  dateTime,
  int,
  nullable,
  object,
  oneOf,
  record,
  Schema,
  str,
} from '../../shared/http/openapi/schema';

/** The records of the webhook API, and its success envelope (`{success, <key>: value, timestamp}`). */

export const WEBHOOK = record(
  'Webhook',
  object({
    id: str,
    topic: str,
    url: str,
    isEnabled: bool,
    status: str,
    disabledReason: nullable(str),
    consecutiveFailures: int,
    failingSince: nullable(dateTime),
    nextRetryAt: nullable(dateTime),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

const ATTEMPT = object({
  attempt: int,
  at: dateTime,
  statusCode: nullable(int),
  error: nullable(str),
  durationMs: int,
  sentBy: str,
});

const DELIVERY_FIELDS = {
  id: str,
  topic: str,
  status: oneOf('pending', 'delivered', 'failed'),
  attempts: int,
  nextAttemptAt: nullable(dateTime),
  lastStatusCode: nullable(int),
  lastError: nullable(str),
  createdAt: dateTime,
  deliveredAt: nullable(dateTime),
  payload: anyValue,
  attemptLog: arrayOf(ATTEMPT),
};

export const WEBHOOK_DELIVERY = record(
  'WebhookDelivery',
  object({ ...DELIVERY_FIELDS, sequence: int }, ['attemptLog']),
);

export const REDELIVERED = object(
  { ...DELIVERY_FIELDS, lastAttempt: object({ statusCode: nullable(int), error: nullable(str), durationMs: int }) },
  ['attemptLog'],
);

/** A webhook API success answer: `value` under `key`. */
export const ApiWebhookAnswer = (key: string, value: Schema) =>
  ApiPlain(object({ success: { type: 'boolean', enum: [true] }, [key]: value, timestamp: dateTime }));
