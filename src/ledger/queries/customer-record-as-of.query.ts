import { ShopDoc } from '../../shops/projections/shop-read-models';

/**
 * The v2 Customer record as it stood at `asOf` (GET /rest_api/v2/customers/{id}?asOf=). Answered by
 * the audit capability from the customer's stream, not from the read model.
 */
export class CustomerRecordAsOfQuery {
  constructor(
    readonly shop: ShopDoc,
    readonly customerRef: string,
    readonly asOf: Date,
    readonly idKind: 'internal' | 'platform',
  ) {}
}
