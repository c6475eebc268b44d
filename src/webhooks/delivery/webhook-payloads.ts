import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { CUSTOMER_EVENT_TYPES, CustomerEvent } from '../../ledger/customer-events';
import { customerWebhookMessages } from '../../ledger/customer-webhooks';
import { TopicMessage } from '../../ledger/webhook-message';

export { TopicMessage };

/** The webhook messages a stored event produces: each customer policy writes its own (`ledger/customer-webhooks.ts`). */
export function messagesFor(recorded: RecordedEvent): TopicMessage[] {
  if (!CUSTOMER_EVENT_TYPES.has(recorded.type)) return [];
  return customerWebhookMessages(fromRecorded<CustomerEvent>(recorded));
}
