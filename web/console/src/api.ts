/** A refused or failed call: the status, the service's code, the field it names, the wait of a 429. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    readonly field: string | null,
    readonly retryAfter: number | null,
    message: string,
  ) {
    super(message);
  }
}

export interface Envelope<T> {
  data: T;
  meta: { pagination?: { hasNext: boolean; hasPre: boolean; total?: number }; [key: string]: unknown };
  message?: string;
}

/** Called when a call answers 401: the session ended (signed out elsewhere, idle, key revoked). */
let onSignedOut: () => void = () => undefined;
export const whenSignedOut = (listener: () => void) => {
  onSignedOut = listener;
};

/**
 * The console's private API (/console/api/). The session is the HttpOnly cookie the browser sends
 * by itself: no key or token is ever held by this page.
 */
export async function call<T = any>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<T> {
  const response = await fetch(`/console/api/${path}`, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const answer = text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text;
  if (response.ok) return answer as T;
  const error = (answer as { error?: { code?: string; message?: string; field?: string } })?.error ?? {};
  const retry = Number(response.headers.get('retry-after'));
  if (response.status === 401 && !path.startsWith('session')) onSignedOut();
  throw new ApiError(
    response.status,
    error.code ?? null,
    error.field ?? null,
    retry > 0 ? retry : null,
    error.message ?? `The service answered ${response.status}`,
  );
}

export const get = <T = any>(path: string) => call<Envelope<T>>('GET', path);

/** Query text from the defined values. */
export function query(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A fresh Idempotency-Key for one change (a retry of the same submission reuses it). */
export function idempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
