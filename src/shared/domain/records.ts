import { Map as PersistentMap } from 'immutable';

/** The record with one entry changed: `change` sees the entry as it is and answers the fields that change. */
export function withEntry<V>(
  record: Readonly<Record<string, V>>,
  key: string,
  change: (entry: V) => Partial<V>,
): Record<string, V> {
  const entry = record[key];
  return { ...record, [key]: { ...entry, ...change(entry) } };
}

/**
 * The map with one entry changed, as `withEntry` does for a record (a persistent map copies a path,
 * not every entry). `B`: the part of the entry `change` knows (a policy that sees only its fields).
 */
export function withMapEntry<V extends B, B extends object = V>(
  map: PersistentMap<string, V>,
  key: string,
  change: (entry: V) => Partial<NoInfer<B>>,
): PersistentMap<string, V> {
  const entry = map.get(key)!;
  return map.set(key, { ...entry, ...change(entry) });
}

/** The record without the entry at `key`. */
export function withoutEntry<V>(record: Readonly<Record<string, V>>, key: string): Record<string, V> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/**
 * A schema's fields as the domain holds them once settled (defaults filled in): every field present,
 * none `undefined` (a schema class declares what a client may leave out as optional).
 */
export type Settled<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };
