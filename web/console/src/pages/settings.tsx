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

/** A text area's lines, trimmed, without the empty ones. */
const lines = (text: FormDataEntryValue | null) =>
  String(text ?? '')
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

function StorefrontOrigins({ setting }: { setting: Storefront }) {
  return (
    <SettingForm
      name="storefront"
      title="Storefront origins"
      toBody={(f) => ({ allowedOrigins: lines(f.get('origins')) })}
    >
      <div class="field">
        <label for="storefront-origins">Origins allowed to call the storefront API (one per line)</label>
        <textarea id="storefront-origins" name="origins" rows={3} defaultValue={setting.allowedOrigins.join('\n')} />
      </div>
    </SettingForm>
  );
}

function EarningLimitSetting({ setting }: { setting: EarningLimit }) {
  return (
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
        <input id="limit-enabled" name="enabled" type="checkbox" defaultChecked={setting.enabled} />
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
          defaultValue={setting.maxPoints == null ? '' : String(setting.maxPoints)}
        />
      </div>
      <div class="field">
        <label for="limit-period">Per</label>
        <select id="limit-period" name="period" defaultValue={setting.period ?? ''}>
          <option value="">—</option>
          {['day', 'week', 'month', 'year'].map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
    </SettingForm>
  );
}

function MembershipSetting({ setting }: { setting: Membership }) {
  return (
    <SettingForm
      name="membership"
      title="Membership"
      toBody={(f) => ({ optInEnrollment: f.get('optIn') === 'on', excludedTags: lines(f.get('excludedTags')) })}
    >
      <div class="field check">
        <input id="membership-opt-in" name="optIn" type="checkbox" defaultChecked={setting.optInEnrollment} />
        <label for="membership-opt-in">Customers join the program themselves (opt-in)</label>
      </div>
      <div class="field">
        <label for="membership-tags">Customer tags kept out of the program (one per line)</label>
        <textarea
          id="membership-tags"
          name="excludedTags"
          rows={2}
          defaultValue={(setting.excludedTags ?? []).join('\n')}
        />
      </div>
    </SettingForm>
  );
}

interface ChatConnection {
  channelId: string | null;
  channelSecretSet: boolean;
}

function Connections({ chat, wallet }: { chat: ChatConnection; wallet: Record<string, unknown> }) {
  return (
    <section class="panel" aria-labelledby="connections">
      <h2 id="connections">Chat and wallet connections</h2>
      <dl class="facts">
        <div>
          <dt>Chat channel</dt>
          <dd>
            {chat.channelId ? `Connected: channel ${chat.channelId}` : 'Not connected'}
            {chat.channelId && !chat.channelSecretSet ? ' (its secret is not set)' : ''}
          </dd>
        </div>
        <div>
          <dt>Wallet passes</dt>
          <dd>{walletSummary(wallet)}</dd>
        </div>
      </dl>
      <p class="hint">Their secrets and certificates are set through the management API; none is ever shown here.</p>
    </section>
  );
}

/** Settings: storefront origins, earning limit, membership, chat and wallet connections, audit keys. */
export function Settings() {
  const loaded = useLoad(
    () =>
      Promise.all([
        get<Storefront>('settings/storefront'),
        get<EarningLimit>('settings/earning-limit'),
        get<Membership>('settings/membership'),
        get<ChatConnection>('settings/chat'),
        get<Record<string, unknown>>('settings/wallet-passes'),
      ]),
    [],
  );
  return (
    <Page title="Settings">
      <Status loaded={loaded}>
        {([storefront, limit, membership, chat, wallet]) => (
          <>
            <StorefrontOrigins setting={storefront.data} />
            <EarningLimitSetting setting={limit.data} />
            <MembershipSetting setting={membership.data} />
            <Connections chat={chat.data} wallet={wallet.data} />
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
