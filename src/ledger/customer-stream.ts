/** What every decision on one customer's stream shares: the stream's name, a command's meta, a new event's stamp. */

export function customerStreamId(shopId: string, customerId: string): string {
  return `customer-${shopId}_${customerId}`;
}

/** What every command carries: who, when, and how to make ids (injected, so replays are deterministic). */
export interface CommandMeta {
  shopId: string;
  customerId: string;
  occurredAt: string;
  newId: () => string;
}

/** The fields every event of a customer's stream carries. */
export interface CustomerEventBase {
  eventId: string;
  occurredAt: string;
  shopId: string;
  customerId: string;
}

/** A new event's common fields, with an id of its own. */
export function stamp(meta: CommandMeta): CustomerEventBase {
  return { eventId: meta.newId(), occurredAt: meta.occurredAt, shopId: meta.shopId, customerId: meta.customerId };
}

/** What an event's builder is given: every field but its type and the common ones. */
export type EventFields<E> = Omit<E, 'type' | keyof CustomerEventBase>;
