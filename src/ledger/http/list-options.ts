import { PageOptions } from '../../shared/http/page-query';

/** The query string every ledger list shares: a page, a creation window (the spec's snake_case names), an order. */
export interface LedgerListQuery<Order extends string> extends PageOptions {
  created_at_min?: string;
  created_at_max?: string;
  order: Order;
}

/** The options a ledger list query takes from that shared part of its query string. */
export const listOptionsOf = <Order extends string>(query: LedgerListQuery<Order>) => ({
  limit: query.limit,
  before: query.before,
  after: query.after,
  createdAtMin: query.created_at_min,
  createdAtMax: query.created_at_max,
  order: query.order,
  hasCount: query.hasCount,
});
