import { TransactionDoc } from '../projections/ledger-read-models';

/** The v2 Transaction record (spec 2.9): the stored row without internal bookkeeping fields. */
export function presentTransaction(doc: TransactionDoc) {
  const { idempotencyKey: _key, requestHash: _hash, eventId: _event, ...row } = doc;
  return row;
}

export type V2Transaction = ReturnType<typeof presentTransaction>;
