import { because } from '../shared/domain/domain-error';
import { parsePlatformCustomerId } from '../ledger/customer-identity';
import { CustomerProfile } from '../ledger/enrolment/enrol-customer.handler';
import { ProfileChanges } from '../ledger/enrolment/update-customer-profile.handler';
import { OrderFacts } from '../ledger/orders/record-order.handler';
import { toCents } from '../shared/domain/money';
import { ProfileDetails } from '../ledger/customer-events';
import { PlatformCustomerId, platformIdDigits } from '../shared/domain/platform-ids';

/**
 * The commerce platform's webhook payloads (REST webhook shapes; documented in docs/platform-ingestion.md).
 * Only the fields the service uses are read, and each parser names the first of them that is
 * missing or malformed; the rest of a payload is not looked at. Ids are read as text of digits
 * (the platform's ids are 64-bit: see platform-ids).
 */
type Json = Record<string, unknown>;

function object(value: unknown, field: string): Json {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw because.badRequest(`${field} must be an object`, { field });
  return value as Json;
}

function optionalText(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw because.badRequest(`${field} must be a string`, { field });
  return value.trim() || null;
}

function platformId(value: unknown, field: string): PlatformCustomerId {
  const id = parsePlatformCustomerId(value);
  if (id === null) throw because.badRequest(`${field} must be a positive integer id`, { field });
  return id;
}

function idText(value: unknown, field: string): string {
  const digits = platformIdDigits(value);
  if (digits === null) throw because.badRequest(`${field} must be a positive integer id`, { field });
  return digits;
}

function timestamp(value: unknown, field: string): string | null {
  const text = optionalText(value, field);
  if (text === null) return null;
  const date = new Date(text);
  if (Number.isNaN(date.getTime())) throw because.badRequest(`${field} must be an ISO 8601 date-time`, { field });
  return date.toISOString();
}

export interface PlatformCustomer {
  platformCustomerId: PlatformCustomerId;
  /** What enrolling records: a field the payload leaves out is recorded as empty. */
  profile: CustomerProfile;
  /**
   * What a customers/update changes: only the fields the payload carries. An absent field is
   * unchanged; an explicit null (or blank) email, name or phone clears it.
   */
  changes: ProfileChanges;
  /** A checkout without a customer account (platform state other than `enabled`). */
  guest: boolean;
}

export function parseCustomer(body: unknown, prefix = ''): PlatformCustomer {
  const c = object(body, prefix || 'body');
  const email = optionalText(c.email, `${prefix}email`);
  if (c.accepts_marketing !== undefined && c.accepts_marketing !== null && typeof c.accepts_marketing !== 'boolean') {
    throw because.badRequest(`${prefix}accepts_marketing must be a boolean`, { field: `${prefix}accepts_marketing` });
  }
  const profile: CustomerProfile = {
    email: email ? email.toLowerCase() : null,
    firstName: optionalText(c.first_name, `${prefix}first_name`),
    lastName: optionalText(c.last_name, `${prefix}last_name`),
    acceptsMarketing: c.accepts_marketing === true,
    platformCreatedAt: timestamp(c.created_at, `${prefix}created_at`),
    details: customerDetails(c, prefix),
  };
  return {
    platformCustomerId: platformId(c.id, `${prefix}id`),
    guest: typeof c.state === 'string' && c.state !== 'enabled',
    profile,
    changes: carriedChanges(c, profile),
  };
}

/** The profile fields whose keys the payload carries (`"email": null` is carried; no `email` key is not). */
function carriedChanges(c: Json, profile: CustomerProfile): ProfileChanges {
  const changes: ProfileChanges = { details: profile.details ?? {} };
  if (c.email !== undefined) changes.email = profile.email;
  if (c.first_name !== undefined) changes.firstName = profile.firstName;
  if (c.last_name !== undefined) changes.lastName = profile.lastName;
  if (typeof c.accepts_marketing === 'boolean') changes.acceptsMarketing = c.accepts_marketing;
  return changes;
}

/** `{state: "subscribed"}` consents (else the legacy `accepts_marketing` flag for email). */
function consent(value: unknown, field: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  const state = object(value, field).state;
  if (typeof state !== 'string')
    throw because.badRequest(`${field}.state must be a string`, { field: `${field}.state` });
  return state === 'subscribed';
}

function nameList(value: unknown, field: string): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  const items = typeof value === 'string' ? value.split(',') : Array.isArray(value) ? value.map(String) : null;
  if (!items) throw because.badRequest(`${field} must be a comma-separated string or an array`, { field });
  return [...new Set(items.map((t) => t.trim()).filter(Boolean))].slice(0, 250);
}

/** Profile details a payload carries: only what it says is recorded. */
function customerDetails(c: Json, prefix: string): ProfileDetails {
  const details: ProfileDetails = {};
  if (c.phone !== undefined) details.phone = optionalText(c.phone, `${prefix}phone`);
  const email = consent(c.email_marketing_consent, `${prefix}email_marketing_consent`);
  if (email !== undefined) details.marketingConsent = email;
  else if (typeof c.accepts_marketing === 'boolean') details.marketingConsent = c.accepts_marketing;
  const sms = consent(c.sms_marketing_consent, `${prefix}sms_marketing_consent`);
  if (sms !== undefined) details.smsMarketingConsent = sms;
  const tags = nameList(c.tags, `${prefix}tags`);
  if (tags) details.tags = tags;
  const segments = nameList(c.segment_ids, `${prefix}segment_ids`);
  if (segments) details.segmentIds = segments;
  if (c.company !== undefined) details.isB2B = c.company !== null;
  return details;
}

export interface PlatformOrder {
  /** Null for a guest checkout: nothing to record. */
  customer: PlatformCustomer | null;
  order: OrderFacts;
  /** A test order (`test: true`, the platform's test notifications and test gateways): changes nothing. */
  test: boolean;
  /** `financial_status`, or what the topic means when the payload has none. */
  financialStatus: string;
}

/** What the delivery tells beyond its body: when it was sent and what the topic means. */
export interface Delivery {
  /** The platform's send time (X-Platform-Triggered-At) or the service's clock at receipt. */
  receivedAt: string;
  /** The status an order of the topic has when its payload leaves `financial_status` out. */
  impliedStatus: string;
}

export function parseOrder(body: unknown, delivery: Delivery): PlatformOrder {
  const o = object(body, 'body');
  const orderId = idText(o.id, 'id');
  const totalCents = toCents(o.total_price);
  if (totalCents === null)
    throw because.badRequest('total_price must be a decimal string such as "49.90"', { field: 'total_price' });
  const customer = o.customer === undefined || o.customer === null ? null : parseCustomer(o.customer, 'customer.');
  return {
    customer,
    test: o.test === true,
    financialStatus: optionalText(o.financial_status, 'financial_status') ?? delivery.impliedStatus,
    order: {
      orderId,
      orderName: optionalText(o.name, 'name'),
      totalCents,
      currency: optionalText(o.currency, 'currency'),
      sourceName: optionalText(o.source_name, 'source_name'),
      lineItems: lineItems(o.line_items),
      platformCreatedAt: timestamp(o.created_at, 'created_at') ?? delivery.receivedAt,
      discountCodes: discountCodes(o.discount_codes),
      guest: customer?.guest ?? false,
      ...referralFacts(o, totalCents),
    },
  };
}

/** A count: a whole number, or one written as a string of digits. */
function wholeNumber(value: unknown): number | null {
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value.trim()) ? Number(value) : value;
  return Number.isInteger(n) && (n as number) >= 0 ? (n as number) : null;
}

function lineItems(value: unknown): OrderFacts['lineItems'] {
  const items = value === undefined || value === null ? [] : value;
  if (!Array.isArray(items)) throw because.badRequest('line_items must be an array', { field: 'line_items' });
  return items.map((raw, i) => {
    const item = object(raw, `line_items[${i}]`);
    const quantity = wholeNumber(item.quantity);
    if (quantity === null) {
      throw because.badRequest(`line_items[${i}].quantity must be a whole number`, {
        field: `line_items[${i}].quantity`,
      });
    }
    const priceCents = toCents(item.price);
    if (priceCents === null)
      throw because.badRequest(`line_items[${i}].price must be a decimal string`, { field: `line_items[${i}].price` });
    return {
      productId: item.product_id == null ? null : idText(item.product_id, `line_items[${i}].product_id`),
      variantId: item.variant_id == null ? null : idText(item.variant_id, `line_items[${i}].variant_id`),
      quantity,
      priceCents,
      title: optionalText(item.title, `line_items[${i}].title`),
    };
  });
}

/** The codes used at checkout; an empty code (a draft order's untitled custom discount) is no code. */
function discountCodes(value: unknown): string[] {
  const codes = value === undefined || value === null ? [] : value;
  if (!Array.isArray(codes)) throw because.badRequest('discount_codes must be an array', { field: 'discount_codes' });
  return codes.flatMap((raw, i) => {
    const code = optionalText(object(raw, `discount_codes[${i}]`).code, `discount_codes[${i}].code`);
    return code === null ? [] : [code];
  });
}

/** A money field that may be absent; present, it must be a decimal string. */
function optionalCents(value: unknown, field: string): number | null {
  if (value === undefined || value === null) return null;
  const cents = toCents(value);
  if (cents === null) throw because.badRequest(`${field} must be a decimal string such as "49.90"`, { field });
  return cents;
}

/** An address as a comparable line (street, second line, zip, country; no street: none). */
function addressLine(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  const a = object(value, field);
  const part = (key: string) =>
    (typeof a[key] === 'string' ? (a[key] as string) : '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  const street = part('address1');
  return street ? [street, part('address2'), part('zip'), part('country_code') || part('country')].join('|') : null;
}

/**
 * The referral code an order's landing page or note attributes carry (the storefront's `?ref=<code>`
 * kept by the platform as `landing_site`, or a `ref` / `referral_code` note attribute).
 */
function landingCodes(o: Json): string[] {
  const codes: string[] = [];
  if (typeof o.landing_site === 'string' && o.landing_site.includes('ref=')) {
    try {
      const ref = new URL(o.landing_site, 'https://landing.invalid').searchParams.get('ref');
      if (ref?.trim()) codes.push(ref.trim());
    } catch {
      // An unreadable landing page names no code.
    }
  }
  for (const raw of Array.isArray(o.note_attributes) ? o.note_attributes : []) {
    const attribute = raw && typeof raw === 'object' ? (raw as Json) : {};
    if ((attribute.name === 'ref' || attribute.name === 'referral_code') && typeof attribute.value === 'string')
      codes.push(attribute.value.trim());
  }
  return [...new Set(codes.filter(Boolean).map((c) => c.slice(0, 50)))];
}

/** What a referral reads off an order: codes it landed with, its subtotal, its addresses and payment fingerprint. */
function referralFacts(o: Json, totalCents: number) {
  const addresses = [
    addressLine(o.shipping_address, 'shipping_address'),
    addressLine(o.billing_address, 'billing_address'),
  ].filter((a): a is string => a !== null);
  return {
    landingCodes: landingCodes(o),
    subtotalCents: optionalCents(o.subtotal_price, 'subtotal_price') ?? totalCents,
    addresses: [...new Set(addresses)],
    paymentFingerprint: optionalText(o.payment_fingerprint, 'payment_fingerprint'),
  };
}

/** collections/*: the collection and, for create/update, the ids of its products (`product_ids`). */
export function parseCollection(
  body: unknown,
  { productsRequired = true } = {},
): { collectionId: string; productIds: string[] } {
  const c = object(body, 'body');
  const collectionId = idText(c.id, 'id');
  if (!productsRequired) return { collectionId, productIds: [] };
  if (!Array.isArray(c.product_ids))
    throw because.badRequest('product_ids must be an array of product ids', { field: 'product_ids' });
  return { collectionId, productIds: c.product_ids.map((id, i) => idText(id, `product_ids[${i}]`)) };
}

export interface PlatformRefund {
  refundId: string;
  orderId: string;
  amountCents: number;
  /** A refund of a test order (`test: true`, or only test transactions): changes nothing. */
  test: boolean;
}

/** Refund amount: the successful refund transactions; without any, the refunded line items' subtotals. */
export function parseRefund(body: unknown): PlatformRefund {
  const r = object(body, 'body');
  const refundId = idText(r.id, 'id');
  const orderId = idText(r.order_id, 'order_id');
  let amountCents = 0;
  const transactions = Array.isArray(r.transactions) ? r.transactions : [];
  for (const [i, raw] of transactions.entries()) {
    const t = object(raw, `transactions[${i}]`);
    if (t.kind !== undefined && t.kind !== 'refund') continue;
    if (t.status !== undefined && t.status !== null && t.status !== 'success') continue;
    const cents = toCents(t.amount);
    if (cents === null)
      throw because.badRequest(`transactions[${i}].amount must be a decimal string`, {
        field: `transactions[${i}].amount`,
      });
    amountCents += cents;
  }
  if (transactions.length === 0 && Array.isArray(r.refund_line_items)) {
    for (const [i, raw] of r.refund_line_items.entries()) {
      const cents = toCents(object(raw, `refund_line_items[${i}]`).subtotal);
      if (cents === null)
        throw because.badRequest(`refund_line_items[${i}].subtotal must be a decimal string`, {
          field: `refund_line_items[${i}].subtotal`,
        });
      amountCents += cents;
    }
  }
  const test = r.test === true || (transactions.length > 0 && transactions.every((t) => (t as Json).test === true));
  return { refundId, orderId, amountCents, test };
}

/**
 * A compliance webhook (customers/data_request, customers/redact, shop/redact): the customer's
 * platform id (`customer.id`; none for shop/redact) and the platform's request id when it sends one
 * (`data_request.id`), else the delivery's webhook id names the request.
 */
export function parsePrivacyRequest(
  body: unknown,
  topic: string,
): { platformCustomerId: PlatformCustomerId | null; requestId: string | null } {
  const b = object(body, 'body');
  const request = b.data_request && typeof b.data_request === 'object' ? (b.data_request as Json) : null;
  const requestId = request && request.id !== undefined && request.id !== null ? String(request.id) : null;
  if (topic === 'shop/redact') return { platformCustomerId: null, requestId };
  const customer = object(b.customer, 'customer');
  return { platformCustomerId: platformId(customer.id, 'customer.id'), requestId };
}
