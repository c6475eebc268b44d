import { useState } from 'preact/hooks';
import { call, get } from '../api';
import { Done, ErrorNote, Page, Status, useLoad, useSession } from '../ui';
import { AuditKeys } from './audit-keys';

interface Storefront {
  allowedOrigins: string[];
}

interface EarningLimit {
  enabled: boolean;
  maxPoints?: number | null;
  period?: string | null;
}

interface Membership {
  optInEnrollment: boolean;
  excludedTags?: string[];
}

/** One setting's form: its fields, saved with PUT to `settings/<name>`. */
function SettingForm({
  name,
  title,
  toBody,
  children,
}: {
  name: string;
  title: string;
  toBody: (form: FormData) => unknown;
  children: preact.ComponentChildren;
}) {
  const { canWrite } = useSession();
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    setError(null);
    setDone(null);
    try {
      await call('PUT', `settings/${name}`, toBody(new FormData(event.currentTarget as HTMLFormElement)));
      setDone(`${title}: saved`);
    } catch (failure) {
      setError(failure);
    }
  }
  return (
    <section class="panel" aria-labelledby={`setting-${name}`}>
      <h2 id={`setting-${name}`}>{title}</h2>
      <form onSubmit={submit} class="stack">
        <fieldset disabled={!canWrite}>{children}</fieldset>
        <ErrorNote error={error} />
        {canWrite && <button type="submit">Save {title.toLowerCase()}</button>}
        <Done text={done} />
      </form>
    </section>
  );
}

const lines = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split(/\s+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** Settings: storefront origins, earning limit, membership, chat and wallet connections, audit keys. */
export function Settings() {
  const loaded = useLoad(
    () =>
      Promise.all([
        get<Storefront>('settings/storefront'),
        get<EarningLimit>('settings/earning-limit'),
        get<Membership>('settings/membership'),
        get<{ channelId: string | null; channelSecretSet: boolean }>('settings/chat'),
        get<Record<string, unknown>>('settings/wallet-passes'),
      ]),
    [],
  );
  return (
    <Page title="Settings">
      <Status loaded={loaded}>
        {([storefront, limit, membership, chat, wallet]) => (
          <>
            <SettingForm
              name="storefront"
              title="Storefront origins"
              toBody={(f) => ({ allowedOrigins: lines(f.get('origins')) })}
            >
              <div class="field">
                <label for="storefront-origins">Origins allowed to call the storefront API (one per line)</label>
                <textarea id="storefront-origins" name="origins" rows={3}>
                  {storefront.data.allowedOrigins.join('\n')}
                </textarea>
              </div>
            </SettingForm>
            <SettingForm
              name="earning-limit"
              title="Earning limit"
              toBody={(f) => ({
                enabled: f.get('enabled') === 'on',
                ...(f.get('maxPoints') ? { maxPoints: Number(f.get('maxPoints')) } : {}),
                ...(f.get('period') ? { period: String(f.get('period')) } : {}),
              })}
            >
              <div class="field check">
                <input id="limit-enabled" name="enabled" type="checkbox" defaultChecked={limit.data.enabled} />
                <label for="limit-enabled">Limit the points a customer earns from programs</label>
              </div>
              <div class="field">
                <label for="limit-points">Points at most</label>
                <input
                  id="limit-points"
                  name="maxPoints"
                  type="number"
                  min="0"
                  step="1"
                  defaultValue={limit.data.maxPoints == null ? '' : String(limit.data.maxPoints)}
                />
              </div>
              <div class="field">
                <label for="limit-period">Per</label>
                <select id="limit-period" name="period" defaultValue={limit.data.period ?? ''}>
                  <option value="">—</option>
                  {['day', 'week', 'month', 'year'].map((p) => (
                    <option key={p} value={p}>
                      {p}
                    </option>
                  ))}
                </select>
              </div>
            </SettingForm>
            <SettingForm
              name="membership"
              title="Membership"
              toBody={(f) => ({ optInEnrollment: f.get('optIn') === 'on', excludedTags: lines(f.get('excludedTags')) })}
            >
              <div class="field check">
                <input
                  id="membership-opt-in"
                  name="optIn"
                  type="checkbox"
                  defaultChecked={membership.data.optInEnrollment}
                />
                <label for="membership-opt-in">Customers join the program themselves (opt-in)</label>
              </div>
              <div class="field">
                <label for="membership-tags">Customer tags kept out of the program (one per line)</label>
                <textarea id="membership-tags" name="excludedTags" rows={2}>
                  {(membership.data.excludedTags ?? []).join('\n')}
                </textarea>
              </div>
            </SettingForm>
            <section class="panel" aria-labelledby="connections">
              <h2 id="connections">Chat and wallet connections</h2>
              <dl class="facts">
                <div>
                  <dt>Chat channel</dt>
                  <dd>
                    {chat.data.channelId ? `Connected: channel ${chat.data.channelId}` : 'Not connected'}
                    {chat.data.channelId && !chat.data.channelSecretSet ? ' (its secret is not set)' : ''}
                  </dd>
                </div>
                <div>
                  <dt>Wallet passes</dt>
                  <dd>{walletSummary(wallet.data)}</dd>
                </div>
              </dl>
              <p class="hint">
                Their secrets and certificates are set through the management API; none is ever shown here.
              </p>
            </section>
            <AuditKeys />
          </>
        )}
      </Status>
    </Page>
  );
}

/** Which wallets are set up, from the settings' answer (no secret is ever answered). */
function walletSummary(wallet: Record<string, unknown>): string {
  const names: Record<string, string> = { alpha: 'Alpha wallet', beta: 'Beta wallet' };
  const set = Object.keys(names).filter((name) => wallet[name] !== null && wallet[name] !== undefined);
  return set.length ? `Configured: ${set.map((name) => names[name]).join(', ')}` : 'Not configured';
}
