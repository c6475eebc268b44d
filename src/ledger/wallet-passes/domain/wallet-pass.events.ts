import { CustomerEventBase, EventBuilder, eventBuilder } from '../../customer-stream';
import { CustomerEventType as T } from '../../customer-event-types';

/**
 * The customer's alpha wallet pass: a signed pass file kept in the object storage under `passKey`
 * (`<shop>/<customer>/<32 hex>.pkpass`), downloadable at `url`; `qrUrl` is the PNG data URL of
 * `url` that GET /customer shows as `qrCodeDownloadAlphaPass`. A regeneration records a new one
 * (`replacedPassKey` names the file it replaces).
 */
export interface AlphaPassCreated extends CustomerEventBase {
  type: typeof T.AlphaPassCreated;
  passKey: string;
  url: string;
  qrUrl: string;
  replacedPassKey: string | null;
}

/** The stored pass file was found gone (verify): the customer has no pass on file any more. */
export interface AlphaPassCleared extends CustomerEventBase {
  type: typeof T.AlphaPassCleared;
  passKey: string;
  reason: 'document_missing';
}

export type WalletPassEvent = AlphaPassCreated | AlphaPassCleared;

export const alphaPassCreated: EventBuilder<AlphaPassCreated> = eventBuilder(T.AlphaPassCreated);
export const alphaPassCleared: EventBuilder<AlphaPassCleared> = eventBuilder(T.AlphaPassCleared);
