import { getHeapStatistics } from 'node:v8';
import { fullCollection } from './idle-memory-release';

/**
 * Keeps a long, allocation-heavy job (a rebuild) near its live heap. Under a high allocation rate V8
 * lets the old generation grow to several times what is live; a full collection whenever the heap in
 * use passes the ceiling keeps the peak at the live size plus the ceiling, for a little more CPU. The ceiling follows
 * the live size up (twice what survived the last collection), so a large live set is not collected
 * over and over.
 */
export class HeapCeiling {
  private threshold: number;
  private readonly collect: () => void;

  /** `collect` defaults to V8's full collection, exposed only when a ceiling is set (it is opt-in). */
  constructor(
    private readonly floorBytes: number,
    collect?: () => void,
    private readonly used: () => number = () => getHeapStatistics().used_heap_size,
  ) {
    this.threshold = floorBytes;
    this.collect = collect ?? (floorBytes > 0 ? fullCollection() : () => undefined);
  }

  /** Collects if the heap in use passed the ceiling; true when it did. */
  check(): boolean {
    if (this.floorBytes <= 0 || this.used() < this.threshold) return false;
    this.collect();
    this.threshold = Math.max(this.floorBytes, this.used() * 2);
    return true;
  }
}
