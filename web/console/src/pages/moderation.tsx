import { useState } from 'preact/hooks';
import { call, get } from '../api';
import { Done, ErrorNote, Page, points, Status, useLoad, useSession, when } from '../ui';

interface Submission {
  id: string;
  email: string | null;
  platformCustomerId: number | string;
  programTitle: string;
  points: number;
  answers: Record<string, unknown> | null;
  imageUrls: string[];
  createdAt: string;
}

const customerOf = (s: Submission) => s.email ?? `customer ${s.platformCustomerId}`;

/** The customer's answer as text (a form's fields, or nothing). */
function Answer({ answers }: { answers: Submission['answers'] }) {
  const entries = Object.entries(answers ?? {}).filter(([, value]) => value !== null && value !== '');
  if (entries.length === 0) return <p class="hint">No written answer.</p>;
  return (
    <dl class="answers">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{typeof value === 'string' ? value : JSON.stringify(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Decision({ submission, decided }: { submission: Submission; decided: (text: string) => void }) {
  const [rejecting, setRejecting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const decide = async (decision: 'approve' | 'reject', reason?: string) => {
    setError(null);
    try {
      await call('POST', `submissions/${submission.id}/${decision}`, reason ? { reason } : {});
      decided(
        decision === 'approve'
          ? `Approved: ${points(submission.points)} points paid to ${customerOf(submission)}`
          : `Rejected the submission of ${customerOf(submission)}`,
      );
    } catch (failure) {
      setError(failure);
    }
  };
  const reasonId = `reason-${submission.id}`;
  return (
    <div class="actions">
      <ErrorNote error={error} />
      {rejecting ? (
        <form
          class="inline"
          onSubmit={(event) => {
            event.preventDefault();
            const reason = String(new FormData(event.currentTarget as HTMLFormElement).get('reason') ?? '').trim();
            void decide('reject', reason);
          }}
        >
          <div class="field">
            <label for={reasonId}>Reason</label>
            <input id={reasonId} name="reason" maxLength={500} required />
          </div>
          <button type="submit" class="danger">
            Reject
          </button>
          <button type="button" class="secondary" onClick={() => setRejecting(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <>
          <button type="button" onClick={() => void decide('approve')}>
            Approve
          </button>
          <button type="button" class="danger" onClick={() => setRejecting(true)}>
            Reject
          </button>
        </>
      )}
    </div>
  );
}

/** Moderation: the pending submissions with their images; approving pays, rejecting asks a reason. */
export function Moderation() {
  const { canWrite } = useSession();
  const [done, setDone] = useState<string | null>(null);
  const loaded = useLoad(() => get<Submission[]>('submissions?status=pending&limit=50'), []);
  return (
    <Page title="Moderation">
      <Done text={done} />
      <Status loaded={loaded}>
        {(answer) =>
          answer.data.length === 0 ? (
            <p>No submission is waiting.</p>
          ) : (
            <ul class="submissions">
              {answer.data.map((s) => (
                <li key={s.id} class="panel">
                  <h2>
                    {s.programTitle} · {customerOf(s)}
                  </h2>
                  <p class="subtitle">
                    Sent {when(s.createdAt)} · pays {points(s.points)} points
                  </p>
                  <div class="images">
                    {s.imageUrls.map((url, i) => (
                      <a href={url} target="_blank" rel="noopener noreferrer" key={url}>
                        <img
                          src={url}
                          alt={`Image ${i + 1} sent by ${customerOf(s)} for ${s.programTitle}`}
                          loading="lazy"
                        />
                      </a>
                    ))}
                  </div>
                  <Answer answers={s.answers} />
                  {canWrite && (
                    <Decision
                      submission={s}
                      decided={(text) => {
                        setDone(text);
                        loaded.reload();
                      }}
                    />
                  )}
                </li>
              ))}
            </ul>
          )
        }
      </Status>
    </Page>
  );
}
