import { useState } from 'preact/hooks';
import { call } from '../api';
import { Done, ErrorNote, Page, Status, useLoad, useSession, when } from '../ui';

interface Webhook {
  id: string;
  topic: string;
  url: string;
  status: 'active' | 'paused' | 'disabled';
  disabledReason: string | null;
  consecutiveFailures: number;
  failingSince: string | null;
  nextRetryAt: string | null;
}

interface Attempt {
  attempt: number;
  at: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  sentBy: string;
}

interface Delivery {
  id: string;
  topic: string;
  status: string;
  attempts: number;
  createdAt: string;
  attemptLog: Attempt[];
}

/** A webhook's health in words (never only a colour). */
function health(w: Webhook): string {
  if (w.status === 'disabled') return `Disabled${w.disabledReason ? ` (${w.disabledReason})` : ''}`;
  if (w.status === 'paused') return `Paused after ${w.consecutiveFailures} failures; next try ${when(w.nextRetryAt)}`;
  if (w.consecutiveFailures > 0) return `Failing: ${w.consecutiveFailures} in a row since ${when(w.failingSince)}`;
  return 'Healthy';
}

const outcome = (a: Attempt) => (a.statusCode !== null ? `HTTP ${a.statusCode}` : (a.error ?? 'no answer'));

/** A delivery with every attempt; Redeliver when the session may write. */
function DeliveryRow({
  delivery: d,
  redeliver,
}: {
  delivery: Delivery;
  redeliver: ((d: Delivery) => Promise<void>) | null;
}) {
  return (
    <tr>
      <td>{when(d.createdAt)}</td>
      <td>{d.status}</td>
      <td>
        <ol class="attempts">
          {d.attemptLog.map((a) => (
            <li key={a.attempt}>
              {when(a.at)} · {outcome(a)} · {a.durationMs} ms · {a.sentBy}
            </li>
          ))}
        </ol>
      </td>
      {redeliver && (
        <td>
          <button type="button" class="secondary" onClick={() => void redeliver(d)}>
            Redeliver
            <span class="visually-hidden">
              : {d.topic} of {when(d.createdAt)}
            </span>
          </button>
        </td>
      )}
    </tr>
  );
}

function Deliveries({ webhook }: { webhook: Webhook }) {
  const { canWrite } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const loaded = useLoad(
    () => call<{ deliveries: Delivery[] }>('GET', `webhooks/${webhook.id}/deliveries?limit=20`),
    [webhook.id, done],
  );
  const redeliver = async (delivery: Delivery) => {
    setError(null);
    try {
      const answer = await call<{ delivery: { lastAttempt: Attempt } }>(
        'POST',
        `webhooks/${webhook.id}/deliveries/${delivery.id}/redeliver`,
      );
      setDone(`Sent ${delivery.topic} again: ${outcome(answer.delivery.lastAttempt)}`);
    } catch (failure) {
      setError(failure);
    }
  };
  return (
    <>
      <Done text={done} />
      <ErrorNote error={error} />
      <Status loaded={loaded}>
        {(answer) =>
          answer.deliveries.length === 0 ? (
            <p>No delivery yet.</p>
          ) : (
            <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
              <table>
                <caption>Recent deliveries of {webhook.topic}</caption>
                <thead>
                  <tr>
                    <th scope="col">Created</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    {canWrite && <th scope="col">Actions</th>}
                  </tr>
                </thead>
                <tbody>
                  {answer.deliveries.map((d) => (
                    <DeliveryRow key={d.id} delivery={d} redeliver={canWrite ? redeliver : null} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Status>
    </>
  );
}

/** Webhooks: each subscription with its health and its recent deliveries, every attempt listed. */
export function Webhooks() {
  const loaded = useLoad(() => call<{ webhooks: Webhook[] }>('GET', 'webhooks'), []);
  return (
    <Page title="Webhooks">
      <Status loaded={loaded}>
        {(answer) =>
          answer.webhooks.length === 0 ? (
            <p>No webhook is registered (the management API registers them).</p>
          ) : (
            answer.webhooks.map((w) => (
              <section class="panel" key={w.id} aria-labelledby={`webhook-${w.id}`}>
                <h2 id={`webhook-${w.id}`}>{w.topic}</h2>
                <p class="subtitle">
                  <span class="url">{w.url}</span> · <strong>{health(w)}</strong>
                </p>
                <Deliveries webhook={w} />
              </section>
            ))
          )
        }
      </Status>
    </Page>
  );
}
