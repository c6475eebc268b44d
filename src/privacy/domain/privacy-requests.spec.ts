import { deciderSpec } from '../../../test/support/decider-spec';
import { PrivacyEvent, PrivacyEventType as T, privacyRequests } from './privacy-requests';

/** A shop's privacy requests: each recorded once when received, once when answered. */
const spec = deciderSpec(privacyRequests);
const meta = { shopId: 's', occurredAt: '2026-04-01T00:00:00.000Z', newId: () => 'e1' };
const receive = (requestId = 'r1') => ({
  type: 'ReceiveRequest' as const,
  meta,
  requestId,
  kind: 'customers/redact' as const,
  customerId: 'c',
  platformCustomerId: 7,
  source: 'platform',
});
const complete = (requestId = 'r1') => ({
  type: 'CompleteRequest' as const,
  meta,
  requestId,
  erasedCustomerIds: ['c'],
});
const received: PrivacyEvent = {
  type: T.Received,
  eventId: 'x',
  occurredAt: meta.occurredAt,
  shopId: 's',
  requestId: 'r1',
  kind: 'customers/redact',
  customerId: 'c',
  platformCustomerId: 7,
  source: 'platform',
};
const completed: PrivacyEvent = {
  type: T.Completed,
  eventId: 'y',
  occurredAt: meta.occurredAt,
  shopId: 's',
  requestId: 'r1',
  erasedCustomerIds: ['c'],
};

describe('privacy requests', () => {
  it('given nothing, when a request is received, then it is recorded with its customer ids only', () => {
    spec
      .given([])
      .when(receive())
      .thenMatches([
        { type: T.Received, requestId: 'r1', kind: 'customers/redact', customerId: 'c', platformCustomerId: 7 },
      ]);
  });

  it('given a received request, when it is received again, then nothing; when answered, then completed once', () => {
    spec.given([received]).when(receive()).thenNothing();
    spec
      .given([received])
      .when(complete())
      .thenMatches([{ type: T.Completed, requestId: 'r1', erasedCustomerIds: ['c'] }]);
    spec.given([received, completed]).when(complete()).thenNothing();
  });

  it('given nothing, when an unknown request is completed, then nothing is recorded', () => {
    spec.given([]).when(complete('r9')).thenNothing();
  });
});
