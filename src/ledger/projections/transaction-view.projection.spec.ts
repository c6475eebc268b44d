import { TransactionViewProjection } from './transaction-view.projection';
import {
  IDEMPOTENCY_KEYS,
  IdempotencyKeyDoc,
  idempotencyKeyId,
  TRANSACTIONS,
  TransactionDoc,
} from '../read-models/ledger-read-models';
import { RowDetails } from './transaction-rows';
import { projectionSpec, projectionStore } from '../../../test/support/projection-spec';
import { customerEvents } from '../../../test/support/customer-event-fixtures';

/** Events recorded today carry every detail a row shows: the ledger is never asked to complete them. */
const recordedInFull: RowDetails = {
  session: () => async (_recorded, event) => event,
};

/** The transaction rows and idempotency keys, each event delivered twice (see projectionSpec). */
describe('transaction view projection', () => {
  const readStore = projectionStore();

  it('one row per balance change and one key per keyed change, however often an event is delivered', async () => {
    const spec = projectionSpec(new TransactionViewProjection(recordedInFull), readStore());
    const e = customerEvents('shop-1', 'cust-1', 101);
    await spec.given([e.awarded('2026-03-02T10:00:00.000Z', 'tx-1', 0, 50, 'key-1')]);
    await spec.when([e.deducted('2026-03-04T10:00:00.000Z', 'tx-2', 50, 20)]);
    const rows = await spec.all<TransactionDoc>(TRANSACTIONS);
    expect(rows.map((r) => [r.id, r.type, r.oldPoint, r.newPoint, r.earnPoint, r.spendPoint])).toEqual([
      ['tx-1', 'earn_point', 0, 50, 50, 0],
      ['tx-2', 'redeem_point', 50, 30, 0, 20],
    ]);
    expect(await spec.all<IdempotencyKeyDoc>(IDEMPOTENCY_KEYS)).toEqual([
      {
        id: idempotencyKeyId('shop-1', 'key-1'),
        shopId: 'shop-1',
        customerId: 'cust-1',
        requestHash: 'hash-of-key-1',
        transactionId: 'tx-1',
      },
    ]);
  });
});
