import { ChatChannel, ChatNetwork, ChatNetworkError } from './chat-network.port';

export interface HttpChatNetworkOptions {
  /** Token endpoint `<apiUrl>/oauth2/v2.1/token`, profile `<apiUrl>/v2/profile`. */
  apiUrl: string;
  authorizeUrl: string;
  /**
   * The redirect_uri registered on the channel (the same in the authorization and the exchange);
   * null: none set (production), no login gets this far (ChatChannels refuses first).
   */
  callbackUrl: string | null;
  timeoutMs: number;
}

/**
 * The chat network's OAuth 2.0 endpoints: a form-encoded `POST` of the authorization code to the
 * token endpoint (client id and secret in the body), then a bearer `GET` of the profile. Neither the
 * code, the token nor the user id is ever put in an error message or a log.
 */
export class HttpChatNetwork implements ChatNetwork {
  constructor(private readonly options: HttpChatNetworkOptions) {}

  private callbackUrl(): string {
    if (this.options.callbackUrl === null) throw new Error('CHAT_CALLBACK_URL is not set');
    return this.options.callbackUrl;
  }

  authorizeUrl(channelId: string, state: string): string {
    const url = new URL(this.options.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', channelId);
    url.searchParams.set('redirect_uri', this.callbackUrl());
    url.searchParams.set('state', state);
    url.searchParams.set('scope', 'profile');
    // Offer to follow the channel's official account on the consent screen.
    url.searchParams.set('bot_prompt', 'aggressive');
    return url.toString();
  }

  async exchangeCode(channel: ChatChannel, code: string): Promise<{ accessToken: string }> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.callbackUrl(),
      client_id: channel.channelId,
      client_secret: channel.channelSecret,
    });
    const answer = await this.call('token exchange', `${this.base()}/oauth2/v2.1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: body.toString(),
    });
    const accessToken = (answer as { access_token?: unknown }).access_token;
    if (typeof accessToken !== 'string' || !accessToken)
      throw new ChatNetworkError('The chat network answered the token exchange without an access token');
    return { accessToken };
  }

  async readProfile(accessToken: string): Promise<{ userId: string }> {
    const answer = await this.call('profile', `${this.base()}/v2/profile`, {
      method: 'GET',
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
    });
    const userId = (answer as { userId?: unknown }).userId;
    if (typeof userId !== 'string' || !userId || userId.length > 100)
      throw new ChatNetworkError('The chat network answered the profile without a user id');
    return { userId };
  }

  private base(): string {
    return this.options.apiUrl.replace(/\/+$/, '');
  }

  private async call(what: string, url: string, init: RequestInit): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, { ...init, signal: AbortSignal.timeout(this.options.timeoutMs) });
    } catch (error) {
      throw new ChatNetworkError(`The chat network could not be reached (${what}): ${(error as Error).name}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new ChatNetworkError(`The chat network refused the ${what} (HTTP ${response.status})`);
    }
    try {
      return (await response.json()) as unknown;
    } catch {
      throw new ChatNetworkError(`The chat network answered the ${what} with no JSON`);
    }
  }
}
