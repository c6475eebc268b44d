import { CustomerCommand } from '../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { ADA, givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const ada = givenCustomer(ADA);
const meta = ada.meta;
const enrolled = ada.enrolled({ firstName: 'Ada', lastName: 'Lovelace' });

describe('customer ledger: birthday', () => {
  const setBirthday = (birthday?: string | null, dateOfBirth?: string | null): CustomerCommand => ({
    type: 'SetBirthday',
    meta: meta(),
    birthday,
    dateOfBirth,
    source: 'rest_api',
  });
  const withBirthday: CustomerEvent = {
    ...ada.customer,
    type: T.BirthdaySet,
    eventId: 'b',
    occurredAt: '2026-01-01T00:00:00.000Z',
    birthday: '04/23',
    dateOfBirth: null,
    source: 'rest_api',
  };

  it('sets a MM/DD birthday', () => {
    spec
      .given([enrolled])
      .when(setBirthday('04/23'))
      .thenMatches([{ type: T.BirthdaySet, birthday: '04/23', dateOfBirth: null }]);
  });

  it('accepts 02/29 but refuses days that do not exist and other formats', () => {
    spec
      .given([enrolled])
      .when(setBirthday('02/29'))
      .thenMatches([{ birthday: '02/29' }]);
    expect(spec.given([enrolled]).when(setBirthday('02/30')).thenThrows('BAD_REQUEST').details).toEqual({
      field: 'birthday',
    });
    spec.given([enrolled]).when(setBirthday('13/01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday('4/23')).thenThrows('BAD_REQUEST');
  });

  it('is write-once: a different birthday is refused, the same one is a no-op', () => {
    spec.given([enrolled, withBirthday]).when(setBirthday('05/01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled, withBirthday]).when(setBirthday('04/23')).thenNothing();
  });

  it('derives the birthday from dateOfBirth and keeps both', () => {
    spec
      .given([enrolled])
      .when(setBirthday(undefined, '1990-04-23'))
      .thenMatches([{ birthday: '04/23', dateOfBirth: '1990-04-23' }]);
  });

  it('adds a year to a known birthday when the days agree, refuses when they do not', () => {
    spec
      .given([enrolled, withBirthday])
      .when(setBirthday(undefined, '1990-04-23'))
      .thenMatches([{ birthday: '04/23', dateOfBirth: '1990-04-23' }]);
    spec.given([enrolled, withBirthday]).when(setBirthday(undefined, '1990-04-24')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday('04/23', '1990-04-24')).thenThrows('BAD_REQUEST');
  });

  it('refuses impossible or future dates of birth and an empty request', () => {
    spec.given([enrolled]).when(setBirthday(undefined, '1990-02-30')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday(undefined, '2030-01-01')).thenThrows('BAD_REQUEST');
    spec.given([enrolled]).when(setBirthday(undefined, undefined)).thenThrows('BAD_REQUEST');
  });
});
