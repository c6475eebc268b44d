import { LRUCache } from 'lru-cache';

export interface BoundedCacheOptions<K, V> {
  /** Entries kept; past it, the least recently used goes first. */
  max: number;
  /** Called with each entry pushed out by `max` (not with those deleted, replaced or cleared). */
  onEvict?: (value: V, key: K) => void;
}

/**
 * The one cache type of the service: memoised values that can be computed again, bounded by entry
 * count, the least recently used evicted first (a read or a write makes an entry recent). A thin
 * wrapper over `lru-cache`, so callers depend on these few calls rather than on the library's API.
 * Freshness rules (a time to live, a generation counter) stay with the caller, next to their reason.
 */
export class BoundedCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;

  constructor({ max, onEvict }: BoundedCacheOptions<K, V>) {
    this.entries = new LRUCache<K, V>({
      max,
      dispose: onEvict
        ? (value, key, reason) => {
            if (reason === 'evict') onEvict(value, key);
          }
        : undefined,
    });
  }

  /** The value, made most recently used. */
  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Whether the key is held, without making it recent. */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
