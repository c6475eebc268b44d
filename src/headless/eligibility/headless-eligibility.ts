import { Injectable } from '@nestjs/common';
import { because } from '../../shared/domain/domain-error';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { CustomerDoc } from '../../ledger/read-models/ledger-read-models';

const lower = (names: readonly string[] | undefined) => new Set((names ?? []).map((n) => n.trim().toLowerCase()));

/**
 * Who the shop keeps out of its loyalty program (settings/membership): a customer with an excluded
 * tag or segment (compared case-insensitively), or a business account when B2B is excluded, gets no
 * token (403 EXCLUDED, do not retry).
 */
@Injectable()
export class HeadlessEligibility {
  excluded(shop: ShopDoc, customer: CustomerDoc): boolean {
    const policy = shop.membership;
    if (!policy) return false;
    if (policy.excludeB2B && customer.isB2B) return true;
    const tags = lower(policy.excludedTags);
    const segments = lower(policy.excludedSegments);
    return (
      (customer.tags ?? []).some((t) => tags.has(t.toLowerCase())) ||
      (customer.segmentIds ?? []).some((s) => segments.has(s.toLowerCase()))
    );
  }

  requireNotExcluded(shop: ShopDoc, customer: CustomerDoc): Promise<void> {
    if (this.excluded(shop, customer)) return Promise.reject(because.excluded());
    return Promise.resolve();
  }
}
