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
  const { eventId, occurredAt, shopId } = eventBase(meta);
  // Spelled out: on V8 a spread followed by new keys builds a new hidden class per object (see rowOf).
  return { eventId, occurredAt, shopId, customerId: meta.customerId };
}

/** What an event's builder is given: every field but its type and the common ones. */
export type EventFields<E> = Omit<E, 'type' | keyof CustomerEventBase>;

/** What builds one event of a customer's stream from a command's meta and the event's own fields. */
export type EventBuilder<E> = (meta: CommandMeta, fields: EventFields<E>) => E;

/**
 * The builder of the event stored as `type`: its type, a new stamp, then its fields (the key order
 * the stored event keeps). Declare the result as `EventBuilder<TheEvent>`: the compiler then checks
 * that `type` is that event's and that the fields complete it, with no cast.
 */
export function eventBuilder<Type extends string>(type: Type) {
  return <Fields extends object>(meta: CommandMeta, fields: Fields) => ({ type, ...stamp(meta), ...fields });
}
