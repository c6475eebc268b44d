/** The v2 and headless success envelope (spec 2.1). */
export interface SuccessEnvelope<T> {
  success: true;
  data: T;
  meta: Record<string, unknown>;
  message: string;
  timestamp: string;
}

export function ok<T>(data: T, options: { meta?: Record<string, unknown>; message?: string } = {}): SuccessEnvelope<T> {
  return {
    success: true,
    data,
    meta: options.meta ?? {},
    message: options.message ?? 'OK',
    timestamp: new Date().toISOString(),
  };
}

/** JSON text of a value of type T, serialized once (a cached answer), sent as it is by `okJson`. */
export type JsonText<T> = string & { readonly jsonOf?: T };

export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/**
 * `ok(data)` as the JSON text express would send, around data already serialized: a cached answer
 * of several kilobytes is not stringified again for every request (a visible part of the milestone
 * ladder's time). Routes returning it declare `Content-Type: application/json` (a string is sent as
 * it is).
 */
export function okJson<T>(data: JsonText<T>): string {
  const { before, after } = okJsonAround();
  return `${before}${data}${after}`;
}

/** The JSON text of `ok(data, { meta })` before its data and after it (the data's own text goes between). */
export function okJsonAround(meta: Record<string, unknown> = {}): { before: string; after: string } {
  return {
    before: '{"success":true,"data":',
    after: `,"meta":${JSON.stringify(meta)},"message":"OK","timestamp":"${new Date().toISOString()}"}`,
  };
}

export interface PaginationMeta {
  hasNext: boolean;
  hasPre: boolean;
  total?: number;
  totalPage?: number;
}

/** A page of a list: its items and the `meta.pagination` the envelope carries (see `pagedList`). */
export interface PagedList<T> {
  items: T[];
  pagination: PaginationMeta;
}

/** What a paged list query answers: one page of items, and where the pages around it are. */
export interface Page<T> {
  items: T[];
  pagination: object;
}

/** One page of a list: its items (as `present` shows them), and `meta.pagination`. */
export function okPage<T>(page: Page<T>): SuccessEnvelope<T[]>;
export function okPage<T, R>(page: Page<T>, present: (item: T) => R): SuccessEnvelope<R[]>;
export function okPage<T, R>(page: Page<T>, present?: (item: T) => R): SuccessEnvelope<Array<T | R>> {
  return ok(present ? page.items.map(present) : page.items, { meta: { pagination: page.pagination } });
}

/** A whole list: its items, and how many in `meta.count`. */
export function okList<T>(items: T[]): SuccessEnvelope<T[]> {
  return ok(items, { meta: { count: items.length } });
}
