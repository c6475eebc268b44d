import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appendHistory, HEADER, historyLine, historyTable, TABLE_END, TABLE_START } from '../../bench/history';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the benchmark history', () => {
  it('docs/benchmarks.md shows bench/results/history.csv (bench/run.js rewrites both)', () => {
    const doc = read('docs/benchmarks.md');
    expect(doc).toContain(TABLE_START);
    const shown = doc.slice(doc.indexOf(TABLE_START), doc.indexOf(TABLE_END) + TABLE_END.length);
    expect(shown).toBe(historyTable(read('bench/results/history.csv')));
  });

  it('has the row of each latest run, as bench/run.js appends it', () => {
    const rows = read('bench/results/history.csv').trim().split('\n');
    for (const store of ['postgres', 'pglite']) {
      const latest: unknown = JSON.parse(read(`bench/results/latest-${store}.json`));
      expect(rows).toContain(historyLine(latest));
    }
  });

  it('appends one row a run, the header once, an unmeasured figure left empty', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
    try {
      const file = join(dir, 'history.csv');
      const run = (at: string, crud: number | null) => ({
        store: 'postgres',
        meta: { at, commit: 'abc1234' },
        ceiling: { rps: 5000 },
        award: { rps: 1500 },
        read: { rps: 3000 },
        medianRatios: { award: 0.3, read: 0.6 },
        vsBaseline: { awardVsCrud: crud, readVsCrud: 1.1, healthVsBareNest: 1 },
        rebuild: { eventsPerSecond: 25000 },
        serviceRssSettledMb: 120,
      });
      appendHistory(run('2026-12-01T10:00:00.000Z', 1.3), file);
      appendHistory(run('2026-12-02T10:00:00.000Z', null), file);
      expect(readFileSync(file, 'utf8').split('\n')).toEqual([
        HEADER,
        '2026-12-01 10:00,postgres,abc1234,5000,1500,3000,0.3,0.6,1.3,1.1,1,25000,120',
        '2026-12-02 10:00,postgres,abc1234,5000,1500,3000,0.3,0.6,,1.1,1,25000,120',
        '',
      ]);
      expect(historyTable(readFileSync(file, 'utf8'))).toContain(
        '| 2026-12-02 10:00 | postgres | abc1234 | 5000 | 1500 | 3000 | 0.3 | 0.6 | - | 1.1 | 1 | 25000 | 120 |',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
