import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

/** Erasure of a customer's personal data: recorded once; nothing personal recorded after it. */
const { meta, enrolled } = givenCustomer({ platformCustomerId: 42, email: 'ada@example.com' });

const erase = (requestId = 'r1') => ({
  type: 'EraseCustomer' as const,
  meta: meta(),
  requestId,
  request: 'customers/redact' as const,
  source: 'privacy',
});

const erased: CustomerEvent = {
  type: T.PersonalDataErased,
  eventId: 'e',
  occurredAt: '2026-03-02T00:00:00.000Z',
  shopId: 's',
  customerId: 'c',
  requestId: 'r0',
  request: 'customers/redact',
  source: 'privacy',
};

const updateProfile = (fields: Record<string, unknown>) => ({
  type: 'UpdateProfile' as const,
  meta: meta(),
  source: 'platform',
  ...fields,
});

describe('erasure', () => {
  it('given an enrolled customer, when erased, then PersonalDataErased names the request', () => {
    spec
      .given([enrolled({ firstName: 'Ada' })])
      .when(erase())
      .thenMatches([{ type: T.PersonalDataErased, requestId: 'r1', request: 'customers/redact' }]);
  });

  it('given an erased customer, when erased again (another request), then nothing is recorded', () => {
    spec.given([enrolled(), erased]).when(erase('r2')).thenNothing();
  });

  it('given no customer, when erased, then nothing is recorded (no stream is started for it)', () => {
    spec.given([]).when(erase()).thenNothing();
  });

  it('given an erased customer, when the platform sends their email, names and phone, then only the consents are kept', () => {
    spec
      .given([enrolled(), erased])
      .when(
        updateProfile({
          email: 'ada@example.com',
          firstName: 'Ada',
          details: { phone: '+15550001', marketingConsent: true },
        }),
      )
      .thenMatches([{ type: T.ProfileUpdated, changes: { marketingConsent: true } }]);
    spec
      .given([enrolled(), erased])
      .when(updateProfile({ email: 'ada@example.com', lastName: 'L' }))
      .thenNothing();
  });

  it('given an erased customer, when a birthday is set, then nothing is recorded', () => {
    spec
      .given([enrolled(), erased])
      .when({ type: 'SetBirthday', meta: meta(), birthday: '05/17', source: 'rest_api' })
      .thenNothing();
  });
});
