import { useState } from 'preact/hooks';
import { get, query } from '../api';
import { Page, points, Status, useLoad } from '../ui';

interface Period {
  start: string;
  end: string;
  opening: number;
  issued: { total: number };
  redeemed: number;
  expired: number;
  adjusted: number;
  reversed: number;
  closing: number;
}

interface RollForward {
  interval: 'day' | 'week' | 'month';
  from: string;
  to: string;
  periods: Period[];
}

/** A period's name: its month, or its first day. */
const periodName = (p: Period, interval: RollForward['interval']) =>
  interval === 'month' ? p.start.slice(0, 7) : p.start.slice(0, 10);

const WIDTH = 640;
const HEIGHT = 220;
const AXIS = 24;

/** The closing liability per period as bars, each labelled; the table below holds every figure. */
function Chart({ answer }: { answer: RollForward }) {
  const max = Math.max(1, ...answer.periods.map((p) => p.closing));
  const step = WIDTH / Math.max(1, answer.periods.length);
  const last = answer.periods[answer.periods.length - 1];
  const label =
    `Liability: points outstanding at the end of each ${answer.interval}, ` +
    `${answer.periods.length} periods; latest ${points(last?.closing ?? 0)} points`;
  return (
    <svg class="chart" viewBox={`0 0 ${WIDTH} ${HEIGHT + AXIS}`} role="img" aria-label={label}>
      <title>{label}</title>
      {answer.periods.map((p, i) => {
        const height = (p.closing / max) * (HEIGHT - 20);
        return (
          <g key={p.start}>
            <rect x={i * step + step * 0.15} y={HEIGHT - height} width={step * 0.7} height={height} class="bar" />
            {answer.periods.length <= 12 && (
              <text x={i * step + step / 2} y={HEIGHT + 16} text-anchor="middle" class="axis">
                {periodName(p, answer.interval).slice(answer.interval === 'month' ? 5 : 5)}
              </text>
            )}
          </g>
        );
      })}
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} class="baseline" />
    </svg>
  );
}

/** Every period's figures, as the roll-forward answers them. */
function PeriodsTable({ answer }: { answer: RollForward }) {
  return (
    <div class="scroll" tabIndex={0} role="region" aria-label="Table (scrolls sideways on a narrow screen)">
      <table>
        <caption>
          Points liability roll-forward, {answer.from.slice(0, 10)} to {answer.to.slice(0, 10)}
        </caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            {['Opening', 'Issued', 'Redeemed', 'Expired', 'Adjusted', 'Reversed', 'Closing'].map((h) => (
              <th scope="col" class="number" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {answer.periods.map((p) => (
            <tr key={p.start}>
              <th scope="row">{periodName(p, answer.interval)}</th>
              {[p.opening, p.issued.total, p.redeemed, p.expired, p.adjusted, p.reversed, p.closing].map((v, i) => (
                <td class="number" key={i}>
                  {points(v)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Liability: the roll-forward of a year to date (the auditors' figures), a chart, a table, a CSV. */
export function Liability() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [interval, setPeriodLength] = useState<RollForward['interval']>('month');
  const loaded = useLoad(() => get<RollForward>(`liability${query({ year, interval })}`), [year, interval]);
  return (
    <Page title="Liability">
      <form class="inline" onSubmit={(e) => e.preventDefault()} aria-label="Period">
        <div class="field">
          <label for="liability-year">Year</label>
          <select
            id="liability-year"
            value={year}
            onChange={(e) => setYear(Number((e.target as HTMLSelectElement).value))}
          >
            {[0, 1, 2, 3, 4].map((back) => (
              <option key={back} value={thisYear - back}>
                {thisYear - back}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="liability-interval">Periods</label>
          <select
            id="liability-interval"
            value={interval}
            onChange={(e) => setPeriodLength((e.target as HTMLSelectElement).value as RollForward['interval'])}
          >
            <option value="month">Months</option>
            <option value="week">Weeks</option>
            <option value="day">Days</option>
          </select>
        </div>
        <a class="button" href={`/console/api/liability${query({ year, interval, format: 'csv' })}`} download>
          Download CSV
        </a>
      </form>
      <Status loaded={loaded}>
        {({ data }) => (
          <>
            <Chart answer={data} />
            <PeriodsTable answer={data} />
          </>
        )}
      </Status>
    </Page>
  );
}
