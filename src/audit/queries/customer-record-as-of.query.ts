import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { presentCustomer, V2Customer } from '../../ledger/queries/customer.presenter';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { customerDocOf } from '../domain/customer-record';
import { CustomerStreamReader } from './customer-stream';
import { historyAsOf } from './customer-state-as-of.query';

/** The v2 Customer record as it stood at `asOf` (GET /rest_api/v2/customers/{id}?asOf=). */
export class CustomerRecordAsOfQuery {
  constructor(
    readonly shop: ShopDoc,
    readonly customerRef: string,
    readonly asOf: Date,
    readonly idKind: 'internal' | 'platform',
  ) {}
}

@QueryHandler(CustomerRecordAsOfQuery)
export class CustomerRecordAsOfHandler implements IQueryHandler<CustomerRecordAsOfQuery, V2Customer> {
  constructor(private readonly streams: CustomerStreamReader) {}

  async execute({ shop, customerRef, asOf, idKind }: CustomerRecordAsOfQuery): Promise<V2Customer> {
    const history = historyAsOf(await this.streams.load(shop.id, customerRef, idKind), asOf);
    const tierNames = await this.streams.tierNamesAsOf(shop.id, asOf);
    return presentCustomer(customerDocOf(history)!, tierNames, shop.currency);
  }
}
