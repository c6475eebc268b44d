/**
 * A platform order payload (orders/paid, orders/cancelled…): number `#id`, `total` in USD, no line
 * items; `extra` adds fields or replaces these (currency, source_name, line_items…).
 */
export function platformOrder(
  id: number,
  customer: Record<string, unknown>,
  total: string,
  extra: Record<string, unknown> = {},
) {
  return { id, name: `#${id}`, customer, total_price: total, currency: 'USD', line_items: [], ...extra };
}

/** An order's customer as the platform sends it: its id and e-mail c<id>@example.com, and `state` when given. */
export function orderCustomer(id: number, state?: string) {
  const customer = { id, email: `c${id}@example.com` };
  return state === undefined ? customer : { ...customer, state };
}
