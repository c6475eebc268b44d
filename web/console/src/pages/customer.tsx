import { useState } from 'preact/hooks';
import { call, get, idempotencyKey } from '../api';
import { Done, ErrorNote, Page, points, Status, useLoad, useSession, when } from '../ui';
import { CustomerRow, nameOf } from './customers';
import { History } from './history';

interface Record extends CustomerRow {
  tierId: string | null;
  tierName: string | null;
  tierPoint: number;
  pendingPoints: number;
}

interface Tier {
  id: string;
  name: string;
  targetPoint: number;
}

interface State {
  activeCoupons: Array<{
    couponCode: string;
    pointsSpent: number;
    rewardType: string | null;
    expiresAt: string | null;
  }>;
}

/** Where the customer stands on the tier ladder: the next tier and the points to it. */
function TierProgress({ record, tiers }: { record: Record; tiers: Tier[] }) {
  const next = tiers.filter((t) => t.targetPoint > record.tierPoint).sort((a, b) => a.targetPoint - b.targetPoint)[0];
  const tier = record.tierName ?? 'No tier';
  if (!next) return <p>{tier} · the top tier</p>;
  return (
    <div>
      <label for="tier-progress">
        {tier} · {points(next.targetPoint - record.tierPoint)} points to {next.name}
      </label>
      <progress id="tier-progress" max={next.targetPoint} value={record.tierPoint}>
        {points(record.tierPoint)} of {points(next.targetPoint)}
      </progress>
    </div>
  );
}

/** Adjust points: a signed amount and a reason, sent once (its Idempotency-Key is kept until it succeeds). */
function AdjustPoints({ record, adjusted }: { record: Record; adjusted: (balance: number) => void }) {
  const [key, setKey] = useState(idempotencyKey);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);
  async function submit(event: Event) {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    setError(null);
    setDone(null);
    try {
      const answer = await call<{ meta: { newPoint: number } }>(
        'POST',
        'customers/points/adjust',
        {
          platformCustomerId: String(record.platformCustomerId),
          point: Number(fields.get('points')),
          reason: String(fields.get('reason') ?? '').trim() || undefined,
        },
        { 'Idempotency-Key': key },
      );
      adjusted(answer.meta.newPoint);
      setDone(`Balance now ${points(answer.meta.newPoint)} points`);
      setKey(idempotencyKey());
      form.reset();
    } catch (failure) {
      setError(failure);
    }
  }
  return (
    <form onSubmit={submit} aria-labelledby="adjust-heading" class="panel">
      <h2 id="adjust-heading">Adjust points</h2>
      <div class="field">
        <label for="adjust-points">Points</label>
        <input id="adjust-points" name="points" type="number" step="1" required aria-describedby="adjust-hint" />
        <p class="hint" id="adjust-hint">
          Negative to deduct.
        </p>
      </div>
      <div class="field">
        <label for="adjust-reason">Reason</label>
        <input id="adjust-reason" name="reason" maxLength={1000} required />
      </div>
      <ErrorNote error={error} />
      <button type="submit">Apply</button>
      <Done text={done} />
    </form>
  );
}

export function Customer({ id }: { id: string }) {
  const { canWrite } = useSession();
  const [balance, setBalance] = useState<number | null>(null);
  const [historyRound, setHistoryRound] = useState(0);
  const loaded = useLoad(
    () =>
      Promise.all([
        get<Record>(`customers/${encodeURIComponent(id)}`),
        get<Tier[]>('tiers'),
        get<State>(`customers/${encodeURIComponent(id)}/state`),
      ]),
    [id, historyRound],
  );
  const title = loaded.data ? nameOf(loaded.data[0].data) : 'Customer';
  return (
    <Page title={title}>
      <Status loaded={loaded}>
        {([record, tiers, state]) => (
          <>
            <p class="subtitle">
              {record.data.email ?? 'No email'} · platform id {record.data.platformCustomerId}
            </p>
            <dl class="facts">
              <div>
                <dt>Balance</dt>
                <dd data-testid="balance">{points(balance ?? record.data.point)} points</dd>
              </div>
              <div>
                <dt>Pending</dt>
                <dd>{points(record.data.pendingPoints)} points</dd>
              </div>
            </dl>
            <TierProgress record={record.data} tiers={tiers.data} />
            {canWrite && (
              <AdjustPoints
                record={record.data}
                adjusted={(newBalance) => {
                  setBalance(newBalance);
                  setHistoryRound((r) => r + 1);
                }}
              />
            )}
            <h2>Coupons</h2>
            {state.data.activeCoupons.length === 0 ? (
              <p>No active coupon.</p>
            ) : (
              <ul>
                {state.data.activeCoupons.map((c) => (
                  <li key={c.couponCode}>
                    <code>{c.couponCode}</code> · {points(c.pointsSpent)} points · expires {when(c.expiresAt)}
                  </li>
                ))}
              </ul>
            )}
            <History customerId={id} round={historyRound} />
          </>
        )}
      </Status>
    </Page>
  );
}
