/** The record with one entry changed: `change` sees the entry as it is and answers the fields that change. */
export function withEntry<V>(
  record: Readonly<Record<string, V>>,
  key: string,
  change: (entry: V) => Partial<V>,
): Record<string, V> {
  const entry = record[key];
  return { ...record, [key]: { ...entry, ...change(entry) } };
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
