import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { presentCustomer, V2Customer } from '../../ledger/queries/customer.presenter';
import { CustomerRecordAsOfQuery } from '../../ledger/queries/customer-record-as-of.query';
import { customerDocOf } from '../domain/customer-record';
import { CustomerStreamReader } from './customer-stream';

/** Answers the ledger's as-of Customer record from the customer's stream (the ledger's own fold). */
@QueryHandler(CustomerRecordAsOfQuery)
export class CustomerRecordAsOfHandler implements IQueryHandler<CustomerRecordAsOfQuery, V2Customer> {
  constructor(private readonly streams: CustomerStreamReader) {}

  async execute({ shop, customerRef, asOf, idKind }: CustomerRecordAsOfQuery): Promise<V2Customer> {
    const { history } = await this.streams.foldAsOf(shop.id, customerRef, asOf, idKind);
    const tierNames = await this.streams.tierNamesAsOf(shop.id, asOf);
    return presentCustomer(customerDocOf(history)!, tierNames, shop.currency);
  }
}
