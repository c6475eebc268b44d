import { Injectable } from '@nestjs/common';
import { DomainError } from '../../shared/domain/domain-error';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomerDoc } from '../../ledger/projections/ledger-read-models';

/** Who the shop keeps out of its loyalty program (shop settings): no token, and 403 EXCLUDED. */
@Injectable()
export class HeadlessEligibility {
  excluded(_shop: ShopDoc, _customer: CustomerDoc): boolean {
    return false;
  }

  requireNotExcluded(shop: ShopDoc, customer: CustomerDoc): Promise<void> {
    if (this.excluded(shop, customer))
      return Promise.reject(new DomainError('EXCLUDED', 'This customer is excluded from the loyalty program', 403));
    return Promise.resolve();
  }
}
