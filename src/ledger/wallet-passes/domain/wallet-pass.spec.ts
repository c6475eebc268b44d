import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { givenCustomer, ledgerSpec as spec } from '../../../../test/support/customer-ledger-given';
import { ClearAlphaPass, RecordAlphaPass } from './wallet-pass.decisions';

/** The alpha wallet pass on the customer's stream: recorded after the file is stored, cleared when it is gone. */
const { meta, enrolled } = givenCustomer();
const KEY_1 = `s/c/${'1'.repeat(32)}.pkpass`;
const KEY_2 = `s/c/${'2'.repeat(32)}.pkpass`;
const record = (passKey: string): RecordAlphaPass => ({
  type: 'RecordAlphaPass',
  meta: meta(),
  passKey,
  url: `https://loyalty.example/uploads/${passKey}`,
  qrUrl: `data:image/png;base64,${passKey}`,
});
const clear = (passKey: string): ClearAlphaPass => ({ type: 'ClearAlphaPass', meta: meta(), passKey });
const base = { eventId: 'e', occurredAt: '2026-02-01T00:00:00.000Z', shopId: 's', customerId: 'c' };
const created = (passKey: string): CustomerEvent => ({
  type: T.AlphaPassCreated,
  ...base,
  passKey,
  url: `https://loyalty.example/uploads/${passKey}`,
  qrUrl: `data:image/png;base64,${passKey}`,
  replacedPassKey: null,
});

describe('wallet pass (alpha)', () => {
  it('a generated pass is put on file with its url and QR', () => {
    spec
      .given([enrolled()])
      .when(record(KEY_1))
      .thenMatches([
        {
          type: T.AlphaPassCreated,
          passKey: KEY_1,
          url: `https://loyalty.example/uploads/${KEY_1}`,
          qrUrl: `data:image/png;base64,${KEY_1}`,
          replacedPassKey: null,
          customerId: 'c',
        },
      ]);
  });

  it('a regeneration replaces the pass on file and names the one it replaces; the same pass again is nothing', () => {
    spec
      .given([enrolled(), created(KEY_1)])
      .when(record(KEY_2))
      .thenMatches([{ type: T.AlphaPassCreated, passKey: KEY_2, replacedPassKey: KEY_1 }]);
    spec
      .given([enrolled(), created(KEY_1)])
      .when(record(KEY_1))
      .thenNothing();
  });

  it('a pass whose document is gone is cleared; one regenerated meanwhile, or none on file, is left as it is', () => {
    spec
      .given([enrolled(), created(KEY_1)])
      .when(clear(KEY_1))
      .thenMatches([{ type: T.AlphaPassCleared, passKey: KEY_1, reason: 'document_missing' }]);
    spec
      .given([enrolled(), created(KEY_1), created(KEY_2)])
      .when(clear(KEY_1))
      .thenNothing();
    spec.given([enrolled()]).when(clear(KEY_1)).thenNothing();
    const cleared: CustomerEvent = { type: T.AlphaPassCleared, ...base, passKey: KEY_1, reason: 'document_missing' };
    expect(spec.given([enrolled(), created(KEY_1), cleared]).state.alphaPass).toBeNull();
  });

  it('an opt-in guest gets no pass; an unknown customer is not found', () => {
    spec
      .given([enrolled({ membership: 'guest' })])
      .when(record(KEY_1))
      .thenThrows('NOT_ELIGIBLE', 403);
    spec.given([]).when(record(KEY_1)).thenThrows('NOT_FOUND', 404);
  });
});
