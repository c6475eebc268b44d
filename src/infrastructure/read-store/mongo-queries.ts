import { CollectionDefinition, Filter, PageRequest, Range, Scalar, SortSpec } from './read-store.port';
import { StoredShape } from './stored-shape';

export type MongoFilter = Record<string, unknown>;
export type MongoSort = Record<string, 1 | -1>;

export interface MongoFind {
  filter: MongoFilter;
  sort?: MongoSort;
  limit?: number;
}

/** The page's items and, with a cursor, the probe for items on the other side of it. */
export interface MongoPageQueries {
  items: MongoFind & { sort: MongoSort; limit: number };
  /** Limit 1: is there anything before (after, when paging backwards) the cursor? */
  otherSide: (MongoFind & { limit: 1 }) | null;
  /** Items come out in reverse order (paging backwards) and must be turned around. */
  reversed: boolean;
}

/** Fields the adapter adds to each stored document (stripped on read). */
export const POSITION_FIELD = '_pos';
export const LOG_FIELD = '_log';
export const HIDDEN_FIELDS = { [POSITION_FIELD]: 0, [LOG_FIELD]: 0 } as const;

const RANGE_OPERATORS = ['$gt', '$gte', '$lt', '$lte'] as const;

/**
 * Builds the MongoDB queries of the read store port, with the SQL adapter's semantics:
 * equality on null also matches a missing field; `$ne` matches null and missing; numeric fields
 * compare as numbers; sorts break ties by id; before/after cursors are document ids and pages are
 * the documents strictly beyond the cursor's (sort value, id) pair. Pure functions, so the queries
 * can be evaluated without a server (the tests run them with mingo on the SQL contract's fixtures).
 *
 * The port's `id` is stored as `_id` (the primary key MongoDB indexes anyway).
 */
export class MongoQueries {
  private readonly numeric: Set<string>;
  private readonly shape: StoredShape;

  constructor(definition: CollectionDefinition) {
    this.numeric = new Set(definition.numericFields ?? []);
    this.shape = new StoredShape(definition);
  }

  static field(field: string): string {
    return field === 'id' ? '_id' : field;
  }

  filter(filter: Filter): MongoFilter {
    const out: MongoFilter = {};
    for (const [field, condition] of Object.entries(filter)) {
      if (condition === undefined) continue;
      const name = MongoQueries.field(this.shape.queryable(field));
      if (condition === null || typeof condition !== 'object') {
        out[name] = this.value(field, condition);
        continue;
      }
      const range = condition as Range;
      const ops: Record<string, unknown> = {};
      for (const op of RANGE_OPERATORS) if (range[op] !== undefined) ops[op] = this.value(field, range[op]!);
      if (range.$ne !== undefined) ops.$ne = this.value(field, range.$ne);
      if (range.$in !== undefined) ops.$in = range.$in.map((v) => this.value(field, v));
      // An empty range is no condition (SQL adds no clause); `{field: {}}` would match only `{}`.
      if (Object.keys(ops).length > 0) out[name] = ops;
    }
    return out;
  }

  sort(sort: SortSpec, reverse = false): MongoSort {
    const direction = (sort.direction === 'asc') !== reverse ? 1 : -1;
    const name = MongoQueries.field(this.shape.queryable(sort.field));
    return name === '_id' ? { _id: direction } : { [name]: direction, _id: direction };
  }

  find(filter: Filter, options: { sort?: SortSpec; limit?: number } = {}): MongoFind {
    return {
      filter: this.filter(filter),
      ...(options.sort ? { sort: this.sort(options.sort) } : {}),
      ...(options.limit ? { limit: Math.floor(options.limit) } : {}),
    };
  }

  /**
   * `request` with its cursor resolved to the cursor document's sort value (`cursorValue`), which the
   * adapter reads first (an unknown cursor is an error, not an empty page).
   */
  page(request: PageRequest, cursorValue: Scalar = null): MongoPageQueries {
    const cursorId = request.after ?? request.before;
    const backward = !request.after && !!request.before;
    const base = this.filter(request.filter);
    const items = {
      filter: cursorId ? and(base, this.beyond(request.sort, cursorId, cursorValue, !backward, false)) : base,
      sort: this.sort(request.sort, backward),
      limit: request.limit + 1,
    };
    const otherSide = cursorId
      ? { filter: and(base, this.beyond(request.sort, cursorId, cursorValue, backward, true)), limit: 1 as const }
      : null;
    return { items, otherSide, reversed: backward };
  }

  /** Documents past the cursor's (value, id) in the sort order (`forward`) or against it. */
  private beyond(sort: SortSpec, cursorId: string, cursorValue: Scalar, forward: boolean, inclusive: boolean) {
    const ascending = (sort.direction === 'asc') === forward;
    const strict = ascending ? '$gt' : '$lt';
    const onId = inclusive ? `${strict}e` : strict;
    const name = MongoQueries.field(sort.field);
    if (name === '_id') return { _id: { [onId]: cursorId } };
    const value = this.value(sort.field, cursorValue);
    return { $or: [{ [name]: { [strict]: value } }, { [name]: value, _id: { [onId]: cursorId } }] };
  }

  /** Numeric fields compare as numbers in SQL whatever the JSON type of the given value. */
  private value(field: string, value: Scalar): Scalar {
    if (this.numeric.has(field) && typeof value === 'string' && value.trim() !== '' && !isNaN(Number(value))) {
      return Number(value);
    }
    return value;
  }
}

function and(a: MongoFilter, b: MongoFilter): MongoFilter {
  return Object.keys(a).length === 0 ? b : { $and: [a, b] };
}

/** Positions as text that sorts like the positions themselves (both parts are unsigned 64-bit). */
export function positionKey(position: { commit: bigint; prepare: bigint }): string {
  return `${position.commit.toString().padStart(20, '0')}/${position.prepare.toString().padStart(20, '0')}`;
}
