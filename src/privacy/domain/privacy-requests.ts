import { assertNever, Decider } from '../../shared/domain/decider';
import { CommandMeta, eventBase } from '../../shared/domain/command-meta';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/**
 * A shop's privacy requests (`privacy-<shopId>`): each data request or erasure the platform (or the
 * merchant) sends is recorded once, when received, and again when answered. A repeat of a request
 * id records nothing, so a redelivered compliance webhook does nothing twice.
 */
export const PrivacyEventType = {
  Received: 'privacy.request-received.v1',
  Completed: 'privacy.request-completed.v1',
} as const;

export const PRIVACY_REQUEST_KINDS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

export interface PrivacyRequestReceived {
  type: typeof PrivacyEventType.Received;
  eventId: string;
  occurredAt: string;
  shopId: string;
  requestId: string;
  kind: PrivacyRequestKind;
  /** The customer the request is about (null: shop/redact). Ids only: never personal data. */
  customerId: string | null;
  platformCustomerId: PlatformCustomerId | null;
  /** `platform` (compliance webhook) or `api` (the merchant through v2). */
  source: string;
}

export interface PrivacyRequestCompleted {
  type: typeof PrivacyEventType.Completed;
  eventId: string;
  occurredAt: string;
  shopId: string;
  requestId: string;
  /** The customers whose personal data this request erased (redact requests). */
  erasedCustomerIds: string[];
}

export type PrivacyEvent = PrivacyRequestReceived | PrivacyRequestCompleted;

export type PrivacyCommand =
  | {
      type: 'ReceiveRequest';
      meta: CommandMeta;
      requestId: string;
      kind: PrivacyRequestKind;
      customerId: string | null;
      platformCustomerId: PlatformCustomerId | null;
      source: string;
    }
  | { type: 'CompleteRequest'; meta: CommandMeta; requestId: string; erasedCustomerIds: string[] };

export interface PrivacyState {
  /** Request ids received, and whether each was answered. */
  requests: ReadonlyMap<string, { completed: boolean }>;
}

export const privacyStreamId = (shopId: string) => `privacy-${shopId}`;

function decide(command: PrivacyCommand, state: PrivacyState): PrivacyEvent[] {
  const known = state.requests.get(command.requestId);
  switch (command.type) {
    case 'ReceiveRequest':
      if (known) return [];
      return [
        {
          type: PrivacyEventType.Received,
          ...eventBase(command.meta),
          requestId: command.requestId,
          kind: command.kind,
          customerId: command.customerId,
          platformCustomerId: command.platformCustomerId,
          source: command.source,
        },
      ];
    case 'CompleteRequest':
      if (!known || known.completed) return [];
      return [
        {
          type: PrivacyEventType.Completed,
          ...eventBase(command.meta),
          requestId: command.requestId,
          erasedCustomerIds: command.erasedCustomerIds,
        },
      ];
    default:
      return assertNever(command);
  }
}

function evolve(state: PrivacyState, event: PrivacyEvent): PrivacyState {
  const requests = new Map(state.requests);
  switch (event.type) {
    case PrivacyEventType.Received:
      requests.set(event.requestId, { completed: false });
      return { requests };
    case PrivacyEventType.Completed:
      requests.set(event.requestId, { completed: true });
      return { requests };
    default:
      return assertNever(event);
  }
}

export const privacyRequests: Decider<PrivacyState, PrivacyCommand, PrivacyEvent> = {
  initialState: () => ({ requests: new Map() }),
  evolve,
  decide,
};
