/**
 * The chat network port: the two calls of the chat login (OAuth 2.0 authorization code) after the
 * shopper came back — exchange the code for an access token, read the user it belongs to. Adapter:
 * HTTP (the network's real endpoints, CHAT_API_URL; a stub server on loopback in tests).
 */
export const CHAT_NETWORK = Symbol('CHAT_NETWORK');

/** The shop's chat channel: the login's OAuth client. */
export interface ChatChannel {
  channelId: string;
  channelSecret: string;
}

export interface ChatNetwork {
  /** The authorization page the shopper opens (a popup): `response_type=code`, `client_id`, `redirect_uri`, `state`. */
  authorizeUrl(channelId: string, state: string): string;
  /** Exchanges the callback's `code` for the user's access token (throws ChatNetworkError). */
  exchangeCode(channel: ChatChannel, code: string): Promise<{ accessToken: string }>;
  /** The user the access token belongs to: the network's raw user id, to be hashed at once (throws ChatNetworkError). */
  readProfile(accessToken: string): Promise<{ userId: string }>;
}

/** The network could not be reached, or did not accept the request; nothing of the login is usable. */
export class ChatNetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChatNetworkError';
  }
}
