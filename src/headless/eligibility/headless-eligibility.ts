import { Injectable } from '@nestjs/common';
import { because } from '../../shared/domain/domain-error';
import { isExcludedBy } from '../../shops/domain/shop-events';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';

/**
 * Who the shop keeps out of its loyalty program (settings/membership): a customer with an excluded
 * tag or segment (compared case-insensitively), or a business account when B2B is excluded, gets no
 * token (403 EXCLUDED, do not retry).
 */
@Injectable()
export class HeadlessEligibility {
  excluded(shop: ShopDoc, customer: CustomerDoc): boolean {
    return isExcludedBy(shop.membership, customer);
  }

  requireNotExcluded(shop: ShopDoc, customer: CustomerDoc): Promise<void> {
    if (this.excluded(shop, customer)) return Promise.reject(because.excluded());
    return Promise.resolve();
  }
}
