import { CustomerEventBase, EventBuilder, eventBuilder } from '../customer-stream';
import { CustomerEventType as T } from '../customer-event-types';

/** Which request erased a customer's personal data. */
export type ErasureRequest = 'customers/redact' | 'shop/redact' | 'api';

/**
 * The customer's personal data was erased (their data key destroyed): from here on the stream reads
 * as an anonymised customer. Every figure (points, orders, tiers) stays; nothing personal is recorded
 * again on this stream. Recorded once; a repeated request changes nothing.
 */
export interface PersonalDataErased extends CustomerEventBase {
  type: typeof T.PersonalDataErased;
  /** The request's id (the platform's webhook id, or the API's request id). */
  requestId: string;
  request: ErasureRequest;
  source: string;
}

export const personalDataErased: EventBuilder<PersonalDataErased> = eventBuilder(T.PersonalDataErased);
