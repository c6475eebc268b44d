import { CustomerViewProjection } from '../../src/ledger/projections/customer-view.projection';
import { CUSTOMERS, CustomerDoc } from '../../src/ledger/read-models/ledger-read-models';
import { CUSTOMER_EVENT_TYPES } from '../../src/ledger/customer-events';
import { emptyHistory, evolveHistory } from '../../src/audit/domain/customer-history';
import { customerDocOf, normalizedCustomerDoc } from '../../src/audit/domain/customer-record';
import { fieldDifferences } from '../../src/audit/domain/field-differences';
import { eventRecorder, projectionSpec, projectionStore } from '../support/projection-spec';
import { everyCustomerEvent } from '../support/every-customer-event';

/**
 * The verifier computes the customer document the customers projection stores, field for field: over
 * a stream with an event of every type, after every event, the projection's document and the
 * verifier's fold agree, and every field the projection writes is one the verifier computes. A
 * field the projection gains (or an event type added without one here) fails this spec.
 */
describe('audit verifier = customers projection', () => {
  const readStore = projectionStore();
  const stream = everyCustomerEvent('s1', 'c1');

  it('the stream has an event of every type of the customer stream', () => {
    expect(new Set(stream.map((e) => e.type))).toEqual(CUSTOMER_EVENT_TYPES);
  });

  it('after every event, the stored document is what the verifier folds (no difference, no field it lacks)', async () => {
    const spec = projectionSpec(new CustomerViewProjection(), readStore());
    const record = eventRecorder();
    let history = emptyHistory();
    const written = new Set<string>();
    for (const event of stream) {
      await spec.when([event]);
      history = evolveHistory(history, record(event));
      const stored = (await spec.then<CustomerDoc>(CUSTOMERS, 'c1'))!;
      const expected = customerDocOf(history)!;
      Object.keys(stored).forEach((key) => written.add(key));
      expect({ after: event.type, differences: fieldDifferences(normalizedCustomerDoc(stored), expected) }).toEqual({
        after: event.type,
        differences: [],
      });
      for (const key of Object.keys(stored)) expect(Object.keys(expected)).toContain(key);
    }
    // The stream reached the fields the verifier once missed, with values that are not their defaults.
    const final = (await spec.then<CustomerDoc>(CUSTOMERS, 'c1'))!;
    expect(final).toMatchObject({
      chatLinked: true,
      chatFollowedOA: true,
      streak: { programId: 'p-streak', lastDay: '2026-01-02', currentDay: 2 },
      submissionStatus: { 'p-form': 'approved', 'p-survey': 'rejected' },
      alphaPassKey: 'pk2',
      photoUsername: null,
      feedPageId: 'page2',
    });
    // Every optional field of the document was written by some event of the stream.
    expect([...written].sort()).toEqual(Object.keys(customerDocOf(history)!).sort());
  });

  it('a field the verifier does not compute, or a value it does not give, is a difference', async () => {
    const spec = projectionSpec(new CustomerViewProjection(), readStore());
    const record = eventRecorder();
    let history = emptyHistory();
    for (const event of stream) history = evolveHistory(history, record(event));
    await spec.given(stream);
    const stored = (await spec.then<CustomerDoc>(CUSTOMERS, 'c1'))!;
    const expected = customerDocOf(history)!;
    const gained = { ...stored, loyaltyMood: 'happy' } as CustomerDoc;
    expect(fieldDifferences(normalizedCustomerDoc(gained), expected)).toEqual([
      { field: 'loyaltyMood', readModel: 'happy', log: undefined },
    ]);
    const unlinked = { ...stored, chatLinked: false, submissionStatus: { 'p-form': 'pending' as const } };
    expect(fieldDifferences(normalizedCustomerDoc(unlinked), expected).map((d) => d.field)).toEqual([
      'submissionStatus',
      'chatLinked',
    ]);
  });
});
