import { CommandMeta as StreamCommandMeta, eventBase } from '../shared/domain/command-meta';

/** What every decision on one customer's stream shares: the stream's name, a command's meta, a new event's stamp. */

export function customerStreamId(shopId: string, customerId: string): string {
  return `customer-${shopId}_${customerId}`;
}

/** A command's meta (shop, time, id source: `shared/domain/command-meta.ts`) and the customer whose stream it is on. */
export interface CommandMeta extends StreamCommandMeta {
  customerId: string;
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
  return { ...eventBase(meta), customerId: meta.customerId };
}

/** What an event's builder is given: every field but its type and the common ones. */
export type EventFields<E> = Omit<E, 'type' | keyof CustomerEventBase>;
