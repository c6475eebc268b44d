import { CUSTOMER_POLICIES } from './customer-policies';
import { CustomerEventOf, CustomerEventTypeName, WebhookMessages } from './customer-policy';
import { CustomerEvent } from './customer-events';
import { TopicMessage } from './webhook-message';

/** The policies' webhook tables, in the tuple's order (an event several announce: theirs in that order). */
const TABLES: readonly WebhookMessages[] = CUSTOMER_POLICIES.flatMap((policy) =>
  policy.webhooks ? [policy.webhooks] : [],
);

function messagesOf<K extends CustomerEventTypeName>(
  table: WebhookMessages,
  type: K,
  event: CustomerEventOf<K>,
): TopicMessage[] {
  return table[type]?.(event) ?? [];
}

/** The webhook messages an event of a customer's stream produces (none for a type no policy announces). */
export function customerWebhookMessages(e: CustomerEvent): TopicMessage[] {
  return TABLES.flatMap((table) => messagesOf(table, e.type, e));
}
