import { CommandMeta } from '../customer-stream';
import { CustomerState } from '../customer-state';
import { ErasureRequest, PersonalDataErased, personalDataErased } from '../customer-events';

export interface EraseCustomer {
  type: 'EraseCustomer';
  meta: CommandMeta;
  requestId: string;
  request: ErasureRequest;
  source: string;
}

/**
 * Erasure of a customer's personal data (their data key is destroyed beside it). Recorded once: a
 * repeated request, or one for a customer never enrolled (nothing recorded about them), records nothing.
 */
export function decideErasure(command: EraseCustomer, state: CustomerState): PersonalDataErased[] {
  if (!state.enrolled || state.erased) return [];
  return [
    personalDataErased(command.meta, {
      requestId: command.requestId,
      request: command.request,
      source: command.source,
    }),
  ];
}
