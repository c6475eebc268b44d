import { PlatformCustomerId } from '../shared/domain/platform-ids';
/** What an event of a customer's stream means to webhook receivers: a topic, an ordering key, the payload's fields. */
export interface TopicMessage {
  topic: string;
  orderingKey: string;
  fields: Record<string, unknown>;
}

/** The `customer` object every customer message carries. */
export function customerRef(e: { customerId: string; platformCustomerId: PlatformCustomerId; email: string | null }) {
  return { id: e.customerId, platformCustomerId: e.platformCustomerId, email: e.email };
}
