import { Inject } from '@nestjs/common';
import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { shopDocument } from '../../infrastructure/read-store/shop-document';
import { TRANSACTIONS, TransactionDoc } from '../read-models/ledger-read-models';
import { withReferredEmails } from './referred-emails';

/** One transaction row of the shop; another shop's is "not found". */
export class GetTransactionQuery {
  constructor(
    readonly shopId: string,
    readonly transactionId: string,
  ) {}
}

@QueryHandler(GetTransactionQuery)
export class GetTransactionHandler implements IQueryHandler<GetTransactionQuery, TransactionDoc> {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async execute({ shopId, transactionId }: GetTransactionQuery): Promise<TransactionDoc> {
    const row = await shopDocument<TransactionDoc>(this.readStore, TRANSACTIONS, transactionId, shopId, 'Transaction');
    return (await withReferredEmails(this.readStore, [row]))[0];
  }
}
