import { useState } from 'preact/hooks';
import { ApiError, call } from './api';
import { Session } from './ui';

/** What a failed sign-in says: the keys, the throttle's wait, or the service's own words. */
function signInError(failure: unknown): string {
  if (!(failure instanceof ApiError)) return 'The service could not be reached; try again.';
  if (failure.status === 429) return `Too many failed sign-ins: try again in ${failure.retryAfter ?? 60} seconds.`;
  if (failure.status === 401) return 'Those keys are not valid';
  return failure.message;
}

/** The shop's two keys, or an audit key. */
function KeyFields({ audit }: { audit: boolean }) {
  if (audit)
    return (
      <div class="field">
        <label for="audit-key">Audit key</label>
        <input id="audit-key" name="auditKey" type="password" autocomplete="off" required />
      </div>
    );
  return (
    <>
      <div class="field">
        <label for="app-key">App key</label>
        <input id="app-key" name="appKey" autocomplete="off" required />
      </div>
      <div class="field">
        <label for="secret-key">Secret key</label>
        <input id="secret-key" name="secretKey" type="password" autocomplete="off" required />
      </div>
    </>
  );
}

/**
 * The sign-in form: the shop's App key and Secret key, or an Audit key. The keys go once, in the
 * request that opens the session, and are dropped from the form right after.
 */
export function SignIn({ signedIn }: { signedIn: (session: Session) => void }) {
  const [audit, setAudit] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    const headers: Record<string, string> = audit
      ? { 'X-Svc-Loyalty-Audit-Key': String(fields.get('auditKey') ?? '').trim() }
      : {
          'X-Svc-Loyalty-App-Key': String(fields.get('appKey') ?? '').trim(),
          'X-Svc-Loyalty-Secret-Key': String(fields.get('secretKey') ?? '').trim(),
        };
    setBusy(true);
    setError(null);
    try {
      await call('POST', 'session', undefined, headers);
      form.reset();
      signedIn((await call<{ data: Session }>('GET', 'session')).data);
    } catch (failure) {
      setError(signInError(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main class="sign-in" id="main">
      <h1>Loyalty console</h1>
      <form onSubmit={submit} aria-describedby={error ? 'sign-in-error' : undefined}>
        <KeyFields audit={audit} />
        {error && (
          <p class="error" role="alert" id="sign-in-error">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          Sign in
        </button>
      </form>
      <p>
        <a
          href={audit ? '#shop-keys' : '#audit-key'}
          onClick={(event) => {
            event.preventDefault();
            setError(null);
            setAudit(!audit);
          }}
        >
          {audit ? 'Sign in with the shop’s keys' : 'Sign in with an audit key'}
        </a>
      </p>
    </main>
  );
}
