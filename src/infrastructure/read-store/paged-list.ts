import type { PagedList, PaginationMeta } from '../../shared/http/envelope';
import type { Collection, Document, PageRequest, Range } from './read-store.port';

export type { PagedList };

/**
 * One page of a list endpoint (spec 2.1 cursor pagination): the items between the `before`/`after`
 * cursors, `hasNext`/`hasPre`, and with `hasCount` the total and page count of the whole filter
 * (counted only when asked: a count is a scan).
 */
export async function pagedList<T extends Document>(
  collection: Collection<T>,
  request: PageRequest,
  hasCount: boolean,
): Promise<PagedList<T>> {
  const page = await collection.page(request);
  const pagination: PaginationMeta = { hasNext: page.hasNext, hasPre: page.hasPre };
  if (hasCount) {
    pagination.total = await collection.count(request.filter);
    pagination.totalPage = Math.ceil(pagination.total / request.limit);
  }
  return { items: page.items, pagination };
}

/** A filter on an ISO timestamp field; ISO timestamps compare correctly as text once normalised to UTC. */
export function timeRange(min?: string, max?: string): Range | undefined {
  if (!min && !max) return undefined;
  return {
    ...(min ? { $gte: new Date(min).toISOString() } : {}),
    ...(max ? { $lte: new Date(max).toISOString() } : {}),
  };
}
