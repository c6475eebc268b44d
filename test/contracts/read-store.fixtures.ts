import {
  Collection,
  CollectionDefinition,
  Filter,
  SortSpec,
} from '../../src/infrastructure/read-store/read-store.port';

/**
 * Fixtures and queries of the read store contract, shared by the contract suite (every adapter,
 * asserting the expected answers) and the MongoDB query spec (the Mongo adapter's queries
 * evaluated by mingo, asserting the same answers in the same order as the SQL adapter's).
 */
export interface Row {
  id: string;
  group: string;
  createdAt: string;
  score: number;
  active: boolean;
  note: string | null;
}

export const ROWS: CollectionDefinition = {
  name: 'contract_rows',
  indexes: [['group', 'createdAt']],
  numericFields: ['score'],
};

/** The same rows, with `note` stored only when set. */
export const SPARSE_ROWS: CollectionDefinition = { ...ROWS, name: 'contract_sparse_rows', storedOnlyWhenSet: ['note'] };

/** The same rows, with `active` stored only when true and `score` only when not 0. */
export const DEFAULTED_ROWS: CollectionDefinition = {
  ...ROWS,
  name: 'contract_defaulted_rows',
  storedUnlessDefault: { active: false, score: 0 },
};

/** `n` rows of one group: one a second from 2026-01-01, scores 0, 10, 20..., every other one active, every third without a note. */
export function groupRows(group: string, n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${group}-${String(i).padStart(3, '0')}`,
    group,
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    score: i * 10,
    active: i % 2 === 0,
    note: i % 3 === 0 ? null : `n${i}`,
  }));
}

/** Rows whose sort values tie, inserted out of id order: the id breaks ties. */
export function tiedRows(group: string): Row[] {
  return ['c', 'a', 'e', 'b', 'd'].map((s, i) => ({
    id: `${group}-${s}`,
    group,
    createdAt: i < 3 ? 'same' : 'later',
    score: i % 2 === 0 ? 5 : 100,
    active: true,
    note: null,
  }));
}

interface PageStep {
  ids: string[];
  hasNext: boolean;
  hasPre: boolean;
}

/** Walks every page forward from the start, then backward from the last page's first item. */
export async function walkPages(rows: Collection<Row>, filter: Filter, sort: SortSpec, limit: number) {
  const steps: PageStep[] = [];
  const step = (p: { items: Row[]; hasNext: boolean; hasPre: boolean }) => {
    steps.push({ ids: p.items.map((r) => r.id), hasNext: p.hasNext, hasPre: p.hasPre });
    return p;
  };
  let page = step(await rows.page({ filter, sort, limit }));
  while (page.hasNext)
    page = step(await rows.page({ filter, sort, limit, after: page.items[page.items.length - 1].id }));
  while (page.hasPre && page.items.length > 0)
    page = step(await rows.page({ filter, sort, limit, before: page.items[0].id }));
  return steps;
}

export interface QueryCase {
  name: string;
  run(rows: Collection<Row>, group: string, tied: string): Promise<unknown>;
}

const ids = (docs: Row[]) => docs.map((d) => d.id);
const desc = (field: string): SortSpec => ({ field, direction: 'desc' });
const asc = (field: string): SortSpec => ({ field, direction: 'asc' });

/** Every kind of query the read models make: filters, sorts, limits, counts and cursors. Run over `groupRows(group, 10)` and `tiedRows(tied)`. */
export const QUERY_CASES: QueryCase[] = [
  { name: 'count by equality', run: (r, g) => r.count({ group: g }) },
  {
    name: 'count by boolean',
    run: async (r, g) => [await r.count({ group: g, active: true }), await r.count({ group: g, active: false })],
  },
  { name: 'null matches null and missing', run: (r, g) => r.count({ group: g, note: null }) },
  { name: '$ne matches null too', run: (r, g) => r.count({ group: g, note: { $ne: 'n1' } }) },
  { name: 'numeric range', run: (r, g) => r.count({ group: g, score: { $gte: 30, $lt: 70 } }) },
  {
    name: 'numeric equality given as text',
    run: async (r, g) => ids(await r.find({ group: g, score: '40' as never })),
  },
  {
    name: '$in on numbers',
    run: async (r, g) => ids(await r.find({ group: g, score: { $in: [10, 20, 999] } }, { sort: asc('score') })),
  },
  {
    name: '$in on ids, sorted by id descending',
    run: async (r, g) =>
      ids(await r.find({ group: g, id: { $in: [`${g}-001`, `${g}-007`, `${g}-003`, 'nope'] } }, { sort: desc('id') })),
  },
  { name: 'empty $in', run: (r, g) => r.count({ group: g, id: { $in: [] } }) },
  {
    name: 'numbers sort as numbers',
    run: async (r, g) => ids(await r.find({ group: g }, { sort: desc('score'), limit: 3 })),
  },
  {
    name: 'text range and ascending sort',
    run: async (r, g) =>
      ids(await r.find({ group: g, createdAt: { $gt: '2026-01-01T00:00:04.000Z' } }, { sort: asc('createdAt') })),
  },
  {
    name: 'several conditions, descending sort',
    run: async (r, g) =>
      ids(await r.find({ group: g, active: true, score: { $lte: 50 } }, { sort: desc('createdAt') })),
  },
  { name: 'findOne', run: async (r, g) => (await r.findOne({ group: g, score: 40 }))?.id ?? null },
  { name: 'findOne of nothing', run: async (r, g) => (await r.findOne({ group: g, score: 41 }))?.id ?? null },
  {
    name: 'ties broken by id (asc)',
    run: async (r, _g, t) => ids(await r.find({ group: t }, { sort: asc('createdAt') })),
  },
  {
    name: 'ties broken by id (desc)',
    run: async (r, _g, t) => ids(await r.find({ group: t }, { sort: desc('score') })),
  },
  { name: 'pages by createdAt desc', run: (r, g) => walkPages(r, { group: g }, desc('createdAt'), 3) },
  { name: 'pages by createdAt asc', run: (r, g) => walkPages(r, { group: g }, asc('createdAt'), 4) },
  { name: 'pages by score desc', run: (r, g) => walkPages(r, { group: g }, desc('score'), 3) },
  { name: 'pages by id asc', run: (r, g) => walkPages(r, { group: g }, asc('id'), 3) },
  { name: 'pages of a filtered list', run: (r, g) => walkPages(r, { group: g, active: true }, desc('createdAt'), 2) },
  { name: 'pages over ties (asc)', run: (r, _g, t) => walkPages(r, { group: t }, asc('createdAt'), 2) },
  { name: 'pages over ties (desc)', run: (r, _g, t) => walkPages(r, { group: t }, desc('score'), 2) },
  {
    name: 'a cursor outside the filter',
    // The cursor document does not match the filter but is in the list's scope: pages go on from
    // its place in the order.
    run: async (r, g) => {
      const page = await r.page({
        filter: { group: g, active: true },
        scope: { group: g },
        sort: desc('createdAt'),
        limit: 2,
        after: `${g}-005`,
      });
      return { ids: ids(page.items), hasNext: page.hasNext, hasPre: page.hasPre };
    },
  },
];
