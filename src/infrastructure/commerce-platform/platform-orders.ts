import { CollectionDefinition, ReadStore } from '../read-store/read-store.port';
import { PlatformCustomerId, platformIdDigits, platformIdValue } from '../../shared/domain/platform-ids';

/** An order as a storefront's order history shows it (spec 2.7 Order): money in cents of the presentment currency. */
export interface CustomerOrder {
  /** A number; an id above 2^53 - 1 is shown as its digits (a string) rather than a number that is not it. */
  id: number | string;
  name: string;
  createdAt: string;
  financialStatus: string;
  fulfillmentStatus: string | null;
  currencyCode: string;
  totalPrice: number;
  subtotalPrice: number;
  totalTax: number;
  totalDiscounts: number;
  totalShipping: number;
  orderStatusUrl: string;
  paymentGatewayNames: string[];
  customer: { email: string | null; firstName: string | null; lastName: string | null };
  shippingMethod: string;
  discounts: Array<{ code: string; type: string; targetType: string; amount: number; percentage: number | null }>;
  lineItemCount: number;
  lineItems: Array<{
    title: string;
    quantity: number;
    price: number;
    image: string;
    variantTitle: string;
    variantId: string;
    productId: number | string;
    productHandle: string;
  }>;
  shippingAddress: Record<string, unknown>;
  billingAddress: Record<string, unknown>;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
/** An ISO time from the platform's value, or the fallback when it sent none or one that is not a date. */
function isoTime(v: unknown, fallback: number): string {
  const date = new Date(text(v).trim() || fallback);
  return new Date(Number.isNaN(date.getTime()) ? fallback : date.getTime()).toISOString();
}
const orNull = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
/** An id as the storefront's answers show it (see platform-ids); null when it is none. */
function shownId(v: unknown): PlatformCustomerId | null {
  const digits = platformIdDigits(v);
  return digits === null ? null : platformIdValue(digits);
}
/** "49.90" -> 4990 (exact: no float arithmetic). */
function cents(v: unknown): number {
  const m = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(text(v).trim());
  if (!m) return 0;
  const value = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] ? -value : value;
}
/** The presentment amount of a `*_set` field when there is one, else the shop amount. */
const presentment = (o: Json, field: string) => obj(obj(o[`${field}_set`]).presentment_money).amount ?? o[field];

/** Maps the platform's REST order (webhook payload or admin API) to the headless Order. */
export function toCustomerOrder(raw: unknown): CustomerOrder {
  const o = obj(raw);
  const customer = obj(o.customer);
  const lineItems = list(o.line_items).map((raw) => {
    const l = obj(raw);
    const quantity = Number(l.quantity) || 0;
    return {
      title: text(l.title),
      quantity,
      price: cents(presentment(l, 'price')) * quantity,
      image: text(obj(l.image).src ?? l.image),
      variantTitle: text(l.variant_title),
      variantId: text(l.variant_id),
      productId: shownId(l.product_id) ?? 0,
      productHandle: text(l.product_handle ?? l.handle),
    };
  });
  const shipping = list(o.shipping_lines).map(obj);
  const totalShipping =
    o.total_shipping_price_set !== undefined
      ? cents(presentment(o, 'total_shipping_price'))
      : shipping.reduce((sum, s) => sum + cents(presentment(s, 'price')), 0);
  const codes = list(o.discount_codes).map(obj);
  const applications = list(o.discount_applications).map(obj);
  const discounts = applications.length
    ? applications.map((a) => {
        const percentage = a.value_type === 'percentage' ? Number(a.value) : null;
        return {
          code: text(a.code ?? a.title),
          type: text(a.type ?? 'discount_code'),
          targetType: text(a.target_type),
          amount: percentage === null ? cents(a.value) : 0,
          percentage,
        };
      })
    : codes.map((c) => ({
        code: text(c.code),
        type: text(c.type ?? 'discount_code'),
        targetType: 'line_item',
        amount: c.type === 'percentage' ? 0 : cents(c.amount),
        percentage: c.type === 'percentage' ? Number(c.amount) : null,
      }));
  return {
    id: shownId(o.id) ?? 0,
    name: text(o.name) || `#${text(o.order_number ?? o.id)}`,
    createdAt: isoTime(o.created_at, 0),
    financialStatus: text(o.financial_status).toLowerCase(),
    fulfillmentStatus: orNull(o.fulfillment_status),
    currencyCode: text(o.presentment_currency ?? o.currency),
    totalPrice: cents(presentment(o, 'total_price')),
    subtotalPrice: cents(presentment(o, 'subtotal_price')),
    totalTax: cents(presentment(o, 'total_tax')),
    totalDiscounts: cents(presentment(o, 'total_discounts')),
    totalShipping,
    orderStatusUrl: text(o.order_status_url),
    paymentGatewayNames: list(o.payment_gateway_names).map(text),
    customer: {
      email: orNull(customer.email ?? o.email),
      firstName: orNull(customer.first_name),
      lastName: orNull(customer.last_name),
    },
    shippingMethod: text(shipping[0]?.title),
    discounts,
    lineItemCount: lineItems.length,
    lineItems,
    shippingAddress: obj(o.shipping_address),
    billingAddress: obj(o.billing_address),
  };
}

interface StoredOrder {
  id: string;
  shopId: string;
  /** Text: ids are compared as text in every store. */
  platformCustomerId: string;
  orderId: string;
  createdAt: string;
  payload: Json;
}

const ORDERS: CollectionDefinition = { name: 'platform_orders', indexes: [['shopId', 'platformCustomerId']] };

/**
 * Orders as the platform's order webhooks last described them (embedded adapter; the HTTP adapter
 * asks the platform instead), for the storefront's order history.
 */
export class PlatformOrders {
  constructor(private readonly readStore: ReadStore) {}

  async put(shopId: string, platformCustomerId: PlatformCustomerId, payload: unknown): Promise<void> {
    const o = obj(payload);
    const orderId = text(o.id);
    await (
      await this.readStore.collection<StoredOrder>(ORDERS)
    ).put({
      id: `${shopId}:${orderId}`,
      shopId,
      platformCustomerId: String(platformCustomerId),
      orderId,
      createdAt: isoTime(o.created_at, Date.now()),
      payload: o,
    });
  }

  /** Deletes the customer's recorded order bodies (they carry names, emails and addresses). */
  async forget(shopId: string, platformCustomerId: PlatformCustomerId): Promise<void> {
    const orders = await this.readStore.collection<StoredOrder>(ORDERS);
    for (;;) {
      const found = await orders.find({ shopId, platformCustomerId: String(platformCustomerId) }, { limit: 500 });
      if (found.length === 0) return;
      for (const order of found) await orders.delete(order.id);
    }
  }

  async ofCustomer(shopId: string, platformCustomerId: PlatformCustomerId, orderId?: string): Promise<CustomerOrder[]> {
    const orders = await this.readStore.collection<StoredOrder>(ORDERS);
    const found = await orders.find(
      { shopId, platformCustomerId: String(platformCustomerId), ...(orderId ? { orderId } : {}) },
      { sort: { field: 'createdAt', direction: 'desc' }, limit: 50 },
    );
    return found.map((d) => toCustomerOrder(d.payload));
  }
}
