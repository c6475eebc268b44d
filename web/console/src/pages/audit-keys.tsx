import { useState } from 'preact/hooks';
import { call, get } from '../api';
import { Done, ErrorNote, Status, useLoad, useSession, when } from '../ui';

interface AuditKey {
  id: string;
  label: string | null;
  createdAt: string;
  revokedAt: string | null;
  active: boolean;
}

/** The keys, active or revoked; Revoke when the session may write. */
function KeyList({ keys, revoke }: { keys: AuditKey[]; revoke: ((key: AuditKey) => Promise<void>) | null }) {
  if (keys.length === 0) return <p>No audit key yet.</p>;
  return (
    <ul class="keys">
      {keys.map((k) => (
        <li key={k.id}>
          <strong>{k.label ?? 'Unlabelled'}</strong> · created {when(k.createdAt)} ·{' '}
          {k.active ? 'Active' : `Revoked ${when(k.revokedAt)}`}
          {revoke && k.active && (
            <>
              {' '}
              <button type="button" class="danger" onClick={() => void revoke(k)}>
                Revoke<span class="visually-hidden">: {k.label ?? k.id}</span>
              </button>
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The shop's audit keys: a new key is shown once, here, for the merchant to hand to the auditor. */
export function AuditKeys() {
  const { canWrite } = useSession();
  const [created, setCreated] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loaded = useLoad(() => get<AuditKey[]>('audit-keys'), [done, created]);
  async function create(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const label = String(new FormData(form).get('label') ?? '').trim();
    setError(null);
    try {
      const answer = await call<{ data: { key: string } }>('POST', 'audit-keys', label ? { label } : {});
      setCreated(answer.data.key);
      form.reset();
    } catch (failure) {
      setError(failure);
    }
  }
  async function revoke(key: AuditKey) {
    setError(null);
    try {
      await call('DELETE', `audit-keys/${key.id}`);
      setDone(`Revoked ${key.label ?? key.id}`);
    } catch (failure) {
      setError(failure);
    }
  }
  return (
    <section class="panel" aria-labelledby="audit-keys">
      <h2 id="audit-keys">Audit keys</h2>
      <Done text={done} />
      <ErrorNote error={error} />
      <Status loaded={loaded}>{(answer) => <KeyList keys={answer.data} revoke={canWrite ? revoke : null} />}</Status>
      {canWrite && (
        <form onSubmit={create} class="inline">
          <div class="field">
            <label for="audit-key-label">Label of a new key</label>
            <input id="audit-key-label" name="label" maxLength={200} />
          </div>
          <button type="submit">Create audit key</button>
        </form>
      )}
      {created && (
        <div role="status" class="panel created">
          <p>Hand this key to the auditor now: it is not shown again.</p>
          <p>
            <code data-testid="new-audit-key">{created}</code>
          </p>
        </div>
      )}
    </section>
  );
}
