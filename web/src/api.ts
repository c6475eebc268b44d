/** A refused or failed call: the status, the service's code when it sent one, and the wait of a 429/503. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly retryAfter: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface Envelope<T> {
  data: T;
  meta?: { pagination?: { hasNext: boolean; hasPre: boolean } & Record<string, unknown> };
  message?: string;
}

/** Renew this long before the token runs out, so no call meets an expired token. */
const RENEW_EARLY_MS = 60_000;

/**
 * The headless API as the widget uses it. The token comes from the shop's own server (`tokenUrl`
 * answers the signed proof for the shopper it knows), is exchanged here, renewed before `expiresIn`
 * runs out, and asked again once when a call answers 401. The headless secret never reaches the page.
 */
export class HeadlessClient {
  private token: Promise<string> | null = null;
  private renewal: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly base: string,
    private readonly tokenUrl: string,
    public locale: string,
  ) {}

  get<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<Envelope<T>> {
    return this.call<T>('GET', path, query);
  }

  post<T>(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Envelope<T>> {
    return this.call<T>('POST', path, {}, body, headers);
  }

  stop(): void {
    if (this.renewal) clearTimeout(this.renewal);
  }

  private async call<T>(
    method: string,
    path: string,
    query: Record<string, string | number | undefined>,
    body?: unknown,
    headers: Record<string, string> = {},
    retried = false,
  ): Promise<Envelope<T>> {
    const url = new URL(`${this.base}${path}`, window.location.href);
    for (const [key, value] of Object.entries({ locale: this.locale, ...query }))
      if (value !== undefined) url.searchParams.set(key, String(value));
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${await this.currentToken()}`,
        'Accept-Language': this.locale,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 401 && !retried) {
      this.forgetToken();
      return this.call<T>(method, path, query, body, headers, true);
    }
    return read<T>(response);
  }

  private currentToken(): Promise<string> {
    if (!this.token) {
      const kept = this.keptToken();
      this.token = kept ? Promise.resolve(kept) : this.exchange();
      // A failed exchange is not kept: the next call asks again.
      this.token.catch(() => (this.token = null));
    }
    return this.token;
  }

  /** The key of this page's token in the tab's session storage (one per service and proof route). */
  private get storageKey(): string {
    return `loyalty-widget-token:${this.base}:${this.tokenUrl}`;
  }

  /**
   * A token this tab exchanged before (another page of the shop), while it has time left: reloading
   * or browsing the shop does not mint a token per page, which the service's quotas would refuse.
   */
  private keptToken(): string | null {
    try {
      const kept = JSON.parse(sessionStorage.getItem(this.storageKey) ?? 'null') as {
        token: string;
        until: number;
      } | null;
      if (!kept || kept.until - Date.now() < RENEW_EARLY_MS) return null;
      this.scheduleRenewal(kept.until - Date.now());
      return kept.token;
    } catch {
      return null;
    }
  }

  private forgetToken(): void {
    this.token = null;
    try {
      sessionStorage.removeItem(this.storageKey);
    } catch {
      // Storage refused (private mode): nothing was kept.
    }
  }

  private async exchange(): Promise<string> {
    const proof = await fetch(this.tokenUrl, { method: 'POST', credentials: 'same-origin' });
    if (!proof.ok) throw new ApiError(proof.status, null, retryAfterOf(proof), 'sign-in proof refused');
    const response = await fetch(`${this.base}/auth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(await proof.json()),
    });
    const { data } = await read<{ token: string; expiresIn: number }>(response);
    const lifetime = data.expiresIn * 1000;
    try {
      sessionStorage.setItem(this.storageKey, JSON.stringify({ token: data.token, until: Date.now() + lifetime }));
    } catch {
      // Storage refused: the token lives in this page only.
    }
    this.scheduleRenewal(lifetime);
    return data.token;
  }

  /** A new token a minute before this one runs out. */
  private scheduleRenewal(lifetimeMs: number): void {
    if (this.renewal) clearTimeout(this.renewal);
    this.renewal = setTimeout(
      () => {
        this.token = this.exchange();
        this.token.catch(() => (this.token = null));
      },
      Math.max(5_000, lifetimeMs - RENEW_EARLY_MS),
    );
  }
}

function retryAfterOf(response: Response): number | null {
  const header = response.headers.get('Retry-After');
  return header && /^\d+$/.test(header) ? Number(header) : null;
}

async function read<T>(response: Response): Promise<Envelope<T>> {
  const text = await response.text();
  let body: { success?: boolean; error?: { code?: string; message?: string } } & Partial<Envelope<T>>;
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  if (!response.ok || body.success === false)
    throw new ApiError(
      response.status,
      body.error?.code ?? null,
      retryAfterOf(response),
      body.error?.message ?? `HTTP ${response.status}`,
    );
  return body as Envelope<T>;
}
