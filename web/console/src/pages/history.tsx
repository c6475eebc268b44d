import { useState } from 'preact/hooks';
import { get, query } from '../api';
import { points, Status, useLoad, when } from '../ui';

interface Replayed {
  revision: number;
  type: string;
  occurredAt: string;
  after: { balance: number; tierName: string | null };
}

const PAGE_SIZE = 10;

/** Where a page starts: after a revision, and the balance before its first event (to show each change). */
interface PageStart {
  after?: number;
  balanceBefore: number;
}

/** An event type as words: `points.adjusted.v1` → "Points adjusted" (its schema version is not the reader's concern). */
const words = (type: string) => {
  const text = type
    .replace(/[._]v\d+$/, '')
    .replace(/[._]/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/** One page of events, each with the change it made to the balance and the balance after it. */
function EventsTable({ events, balanceBefore, page }: { events: Replayed[]; balanceBefore: number; page: number }) {
  let before = balanceBefore;
  const rows = events.map((event) => {
    const change = event.after.balance - before;
    before = event.after.balance;
    return { event, change };
  });
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
      <table>
        <caption>{page > 1 ? `Events (page ${page})` : 'Events'}, each with the balance after it</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Event</th>
            <th scope="col">Time</th>
            <th scope="col" class="number">
              Points
            </th>
            <th scope="col" class="number">
              Balance after
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map(({ event, change }) => (
            <tr key={event.revision}>
              <td>{event.revision}</td>
              <td>{words(event.type)}</td>
              <td class="time">{when(event.occurredAt)}</td>
              <td class="number">{change === 0 ? '—' : `${change > 0 ? '+' : '−'}${points(Math.abs(change))}`}</td>
              <td class="number">{points(event.after.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The History table: the audit replay of the customer's stream, oldest first, ten events a page. */
export function History({ customerId, round }: { customerId: string; round: number }) {
  const [pages, setPages] = useState<PageStart[]>([{ balanceBefore: 0 }]);
  const start = pages[pages.length - 1];
  const loaded = useLoad(
    () =>
      get<Replayed[]>(
        `customers/${encodeURIComponent(customerId)}/history${query({ limit: PAGE_SIZE, after: start.after })}`,
      ),
    [customerId, start.after, round],
  );
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <Status loaded={loaded}>
        {(answer) => {
          const last = answer.data[answer.data.length - 1];
          return (
            <>
              <EventsTable events={answer.data} balanceBefore={start.balanceBefore} page={pages.length} />
              <div class="pager">
                <button type="button" disabled={pages.length === 1} onClick={() => setPages(pages.slice(0, -1))}>
                  Previous events
                </button>
                <button
                  type="button"
                  disabled={!answer.meta.pagination?.hasNext || !last}
                  onClick={() => setPages([...pages, { after: last.revision, balanceBefore: last.after.balance }])}
                >
                  Next events
                </button>
              </div>
            </>
          );
        }}
      </Status>
    </section>
  );
}
