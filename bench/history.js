/**
 * The benchmark's history: one row per `npm run bench` run in bench/results/history.csv, shown as a
 * table in docs/benchmarks.md (between its markers). bench/run.js appends the row and rewrites the
 * table; `node bench/history.js` rewrites the table from the CSV alone.
 */
const { existsSync, readFileSync, writeFileSync, appendFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const HISTORY_CSV = join(ROOT, 'bench', 'results', 'history.csv');
const BENCHMARKS_DOC = join(ROOT, 'docs', 'benchmarks.md');
const TABLE_START = '<!-- bench history: generated from bench/results/history.csv by bench/run.js -->';
const TABLE_END = '<!-- bench history: end -->';

/** The columns: CSV name, table heading, and the value of a run's results (null: not measured). */
const COLUMNS = [
  ['at', 'date (UTC)', (r) => r.meta.at.slice(0, 16).replace('T', ' ')],
  ['store', 'store', (r) => r.store],
  ['commit', 'commit', (r) => r.meta.commit],
  ['ceiling_rps', 'ceiling req/s', (r) => r.ceiling?.rps],
  ['award_rps', 'award req/s', (r) => r.award?.rps],
  ['read_rps', 'read req/s', (r) => r.read?.rps],
  ['award_x_ceiling', 'award x ceiling', (r) => r.medianRatios?.award ?? r.ratios?.award],
  ['read_x_ceiling', 'read x ceiling', (r) => r.medianRatios?.read ?? r.ratios?.read],
  ['award_x_crud', 'award x CRUD', (r) => r.vsBaseline?.awardVsCrud],
  ['read_x_crud', 'read x CRUD', (r) => r.vsBaseline?.readVsCrud],
  ['health_x_bare_nest', '/health x bare Nest', (r) => r.vsBaseline?.healthVsBareNest],
  ['rebuild_events_per_s', 'rebuild events/s', (r) => r.rebuild?.eventsPerSecond],
  ['rss_idle_mb', 'RSS idle MB', (r) => r.serviceRssSettledMb],
];

const HEADER = COLUMNS.map(([name]) => name).join(',');

/** One CSV line of a run's results (`bench/run.js`'s results object); an unmeasured value is empty. */
function historyLine(results) {
  return COLUMNS.map(([, , value]) => {
    const v = value(results);
    return v === undefined || v === null ? '' : String(v);
  }).join(',');
}

/** Appends a run to bench/results/history.csv (written with its header when it does not exist). */
function appendHistory(results, file = HISTORY_CSV) {
  if (!existsSync(file)) writeFileSync(file, `${HEADER}\n`);
  appendFileSync(file, `${historyLine(results)}\n`);
}

/** The Markdown table of a history CSV's text, between its markers, oldest run first. */
function historyTable(csv) {
  const [header, ...lines] = csv.trim().split('\n');
  if (header !== HEADER) throw new Error(`history.csv: unexpected header ${header}`);
  const rows = lines.map(
    (line) =>
      `| ${line
        .split(',')
        .map((v) => v || '-')
        .join(' | ')} |`,
  );
  return [
    TABLE_START,
    '',
    `| ${COLUMNS.map(([, heading]) => heading).join(' | ')} |`,
    `|${COLUMNS.map(() => '---').join('|')}|`,
    ...rows,
    '',
    TABLE_END,
  ].join('\n');
}

/** Rewrites the table between the markers of docs/benchmarks.md from the CSV. */
function writeHistoryTable(csvFile = HISTORY_CSV, docFile = BENCHMARKS_DOC) {
  const doc = readFileSync(docFile, 'utf8');
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end === -1) throw new Error(`${docFile} has no bench history markers`);
  const table = historyTable(readFileSync(csvFile, 'utf8'));
  writeFileSync(docFile, doc.slice(0, start) + table + doc.slice(end + TABLE_END.length));
}

module.exports = {
  HISTORY_CSV,
  BENCHMARKS_DOC,
  TABLE_START,
  TABLE_END,
  HEADER,
  historyLine,
  appendHistory,
  historyTable,
  writeHistoryTable,
};

if (require.main === module) {
  writeHistoryTable();
  process.stdout.write('docs/benchmarks.md history table written from bench/results/history.csv\n');
}
