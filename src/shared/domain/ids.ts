import { createHash } from 'node:crypto';
import { v7 as timeOrderedUuid } from 'uuid';
import { IdGenerator } from './clock';
import { BoundedCache } from '../bounded-cache';

/**
 * New ids are UUIDv7: time first, then random bits. A ledger row's id is its table's primary key,
 * and ids in the order they are made go in at the end of its index instead of anywhere in it,
 * which makes rebuilds faster.
 * They tell when a record was made, which its `createdAt` says anyway.
 */
export const timeOrderedIds: IdGenerator = { next: () => timeOrderedUuid() };

/**
 * A name-based UUID (v5 layout over SHA-256 truncated; deterministic). Used where the same input
 * must always give the same id: a platform customer's internal id, an idempotent event id.
 */
export function deterministicUuid(...parts: string[]): string {
  const hash = createHash('sha256').update(parts.join('\u0000')).digest();
  const b = Buffer.from(hash.subarray(0, 16));
  b[6] = (b[6] & 0x0f) | 0x50;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * A pure function of a string, with its answers kept (ids and codes derived by hashing, asked for
 * on every request): at most `limit` are kept, the least recently used forgotten first.
 */
export function remembered(compute: (key: string) => string, limit = 100_000): (key: string) => string {
  const known = new BoundedCache<string, string>({ max: limit });
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Stable JSON (sorted keys) so that equal request bodies hash equally. Audit exports hash every event with it, hence the plain loops. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i ? ',' : '') + stableStringify(value[i]);
    return `${out}]`;
  }
  let out = '{';
  for (const key of Object.keys(value).sort()) {
    const v: unknown = Reflect.get(value, key);
    if (v === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(key)}:${stableStringify(v)}`;
  }
  return `${out}}`;
}

/** Drops keys whose value is undefined (DTO instances carry them for every declared field). */
export function definedOnly<T extends object>(value: T): Partial<T> {
  const defined: Partial<T> = {};
  for (const key in value) {
    if (Object.prototype.hasOwnProperty.call(value, key) && value[key] !== undefined) defined[key] = value[key];
  }
  return defined;
}
