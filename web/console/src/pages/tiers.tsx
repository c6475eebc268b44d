import { useState } from 'preact/hooks';
import { ApiError, call, get } from '../api';
import { Done, ErrorNote, Page, points, Status, useLoad, useSession } from '../ui';

interface Tier {
  id: string;
  name: string;
  targetPoint: number;
  members: number;
  isSystemTier?: boolean;
  inactive?: boolean;
}

/** A tier's name and target: a new tier, or an edit of `tier`. The API's refusal names its field. */
function TierForm({ tier, saved }: { tier?: Tier; saved: (text: string) => void }) {
  const [error, setError] = useState<unknown>(null);
  const prefix = tier ? `tier-${tier.id}` : 'new-tier';
  const field = error instanceof ApiError ? error.field : null;
  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const values = new FormData(form);
    const body = { name: String(values.get('name')).trim(), targetPoint: Number(values.get('targetPoint')) };
    setError(null);
    try {
      await call(tier ? 'PUT' : 'POST', tier ? `tiers/${tier.id}` : 'tiers', body);
      saved(tier ? `Saved tier “${body.name}”` : `Created tier “${body.name}”`);
      if (!tier) form.reset();
    } catch (failure) {
      setError(failure);
    }
  }
  return (
    <form onSubmit={submit} class="inline">
      <div class="field">
        <label for={`${prefix}-name`}>Tier name</label>
        <input
          id={`${prefix}-name`}
          name="name"
          required
          defaultValue={tier?.name}
          aria-invalid={field === 'name' ? 'true' : undefined}
        />
      </div>
      <div class="field">
        <label for={`${prefix}-target`}>Points to reach it</label>
        <input
          id={`${prefix}-target`}
          name="targetPoint"
          type="number"
          min="0"
          step="1"
          required
          defaultValue={tier ? String(tier.targetPoint) : undefined}
          aria-invalid={field === 'targetPoint' ? 'true' : undefined}
        />
      </div>
      <button type="submit">{tier ? 'Save' : 'Create tier'}</button>
      <ErrorNote error={error} />
    </form>
  );
}

function TierRow({ tier, changed }: { tier: Tier; changed: (text: string) => void }) {
  const { canWrite } = useSession();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const toggle = async () => {
    setError(null);
    try {
      await call('PUT', `tiers/${tier.id}`, { inactive: !tier.inactive });
      changed(`${tier.inactive ? 'Enabled' : 'Disabled'} tier “${tier.name}”`);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <tr>
      <td>{tier.name}</td>
      <td class="number">{points(tier.targetPoint)}</td>
      <td class="number">{points(tier.members)}</td>
      <td>{tier.inactive ? 'Disabled' : 'Enabled'}</td>
      {canWrite && (
        <td>
          {!tier.isSystemTier && (
            <>
              <button type="button" class="secondary" onClick={toggle}>
                {tier.inactive ? 'Enable' : 'Disable'}
                <span class="visually-hidden">: {tier.name}</span>
              </button>{' '}
              <button type="button" class="secondary" aria-expanded={editing} onClick={() => setEditing(!editing)}>
                Edit<span class="visually-hidden">: {tier.name}</span>
              </button>
            </>
          )}
          <ErrorNote error={error} />
          {editing && <TierForm tier={tier} saved={(text) => (setEditing(false), changed(text))} />}
        </td>
      )}
    </tr>
  );
}

/** Tiers: the ladder with its members, edit, enable and disable, and a new tier. */
export function Tiers() {
  const { canWrite } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const loaded = useLoad(() => get<Tier[]>('tiers'), [done]);
  return (
    <Page title="Tiers">
      <Done text={done} />
      <Status loaded={loaded}>
        {(answer) => (
          <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
            <table>
              <caption>The tier ladder</caption>
              <thead>
                <tr>
                  <th scope="col">Tier</th>
                  <th scope="col" class="number">
                    Points to reach it
                  </th>
                  <th scope="col" class="number">
                    Members
                  </th>
                  <th scope="col">Status</th>
                  {canWrite && <th scope="col">Actions</th>}
                </tr>
              </thead>
              <tbody>
                {answer.data.map((tier) => (
                  <TierRow key={tier.id} tier={tier} changed={setDone} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Status>
      {canWrite && (
        <section class="panel" aria-labelledby="new-tier-heading">
          <h2 id="new-tier-heading">New tier</h2>
          <TierForm saved={setDone} />
        </section>
      )}
    </Page>
  );
}
