import { Inject, Injectable } from '@nestjs/common';
import { because } from '../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import {
  IDEMPOTENCY_KEYS,
  idempotencyKeyId,
  IdempotencyKeyDoc,
  TRANSACTIONS,
  TransactionDoc,
} from './read-models/ledger-read-models';

/**
 * The shop's applied idempotency keys (a read model written with the transaction rows). Keys are
 * unique per shop: the same key on another customer, or with another body, is a conflict; the same
 * request again finds the transaction it made. The customer's stream stays the final word: a key
 * applied a moment ago and not yet in the read model is caught there.
 */
@Injectable()
export class IdempotencyKeys {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** The transaction an identical earlier request made, null when the key is new; 409 when it was used otherwise. */
  async earlier(
    shopId: string,
    customerId: string,
    idempotency: { key: string; requestHash: string },
  ): Promise<TransactionDoc | null> {
    const keys = await this.readStore.collection<IdempotencyKeyDoc>(IDEMPOTENCY_KEYS);
    const earlier = await keys.get(idempotencyKeyId(shopId, idempotency.key));
    if (!earlier) return null;
    if (earlier.customerId !== customerId || earlier.requestHash !== idempotency.requestHash)
      throw because.idempotencyConflict(idempotency.key);
    return this.transaction(earlier.transactionId);
  }

  async transaction(transactionId: string): Promise<TransactionDoc | null> {
    return (await this.readStore.collection<TransactionDoc>(TRANSACTIONS)).get(transactionId);
  }
}
