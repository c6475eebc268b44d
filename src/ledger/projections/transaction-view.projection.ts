import { Inject, Injectable } from '@nestjs/common';
import { ProjectionBatch, StagedCollection } from '../../projections/projection-batch';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { Projection } from '../../projections/projection';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { CustomerEventType as T, PendingPointsCancelled, PersonalDataErased } from '../customer-events';
import { IDEMPOTENCY_KEYS, IdempotencyKeyDoc, TRANSACTIONS, TransactionDoc } from '../read-models/ledger-read-models';
import {
  anonymisedRow,
  appliedIdempotencyKey,
  isRowEvent,
  ROW_DETAILS,
  RowDetails,
  RowEvent,
  transactionFromEvent,
  withCancelledHold,
} from './transaction-rows';

export { transactionFromEvent } from './transaction-rows';

/**
 * Transactions read model: one row per balance change and per hold of order points, keyed by
 * transaction id (a redelivery overwrites itself), and the shop's idempotency keys. A held row is
 * marked when a refund or the cancellation takes its points back. Events recorded before a row
 * showed some detail are completed by the ledger (ROW_DETAILS).
 */
@Injectable()
export class TransactionViewProjection implements Projection {
  readonly name = TRANSACTIONS.name;
  readonly collections = [TRANSACTIONS, IDEMPOTENCY_KEYS];

  constructor(@Inject(ROW_DETAILS) private readonly details: RowDetails) {}

  handles(eventType: string): boolean {
    return isRowEvent(eventType) || eventType === T.PendingPointsCancelled || eventType === T.PersonalDataErased;
  }

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const transactions = batch.collection<TransactionDoc>(TRANSACTIONS);
    const keys = batch.collection<IdempotencyKeyDoc>(IDEMPOTENCY_KEYS);
    const complete = this.details.session();
    for (const recorded of events) {
      if (recorded.type === T.PersonalDataErased) {
        await this.erase(fromRecorded<PersonalDataErased>(recorded), transactions);
        continue;
      }
      if (recorded.type === T.PendingPointsCancelled) {
        await this.cancelHold(fromRecorded<PendingPointsCancelled>(recorded), transactions);
        continue;
      }
      const event = await complete(recorded, fromRecorded<RowEvent>(recorded));
      const row = transactionFromEvent(event, recorded.revision);
      transactions.put(row);
      const key = appliedIdempotencyKey(row);
      if (key) keys.put(key);
    }
  }

  /** Every row of an erased customer loses its personal fields; its figures stay. */
  private async erase(event: PersonalDataErased, transactions: StagedCollection<TransactionDoc>) {
    for (const row of await transactions.findEqual({ customerId: event.customerId })) {
      if (row.shopId === event.shopId) transactions.put(anonymisedRow(row));
    }
  }

  private async cancelHold(event: PendingPointsCancelled, transactions: StagedCollection<TransactionDoc>) {
    const held = await transactions.get(event.pendingTransactionId);
    if (held) transactions.put(withCancelledHold(held, event));
  }
}
