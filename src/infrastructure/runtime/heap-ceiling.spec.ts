import { HeapCeiling } from './heap-ceiling';

const MB = 1048576;

/** A ceiling over a pretend heap: `heap.used` is what is in use, a collection leaves `heap.live`. */
function ceilingOver(floorMb: number) {
  const heap = { used: 0, live: 0, collections: 0 };
  const ceiling = new HeapCeiling(
    floorMb * MB,
    () => {
      heap.collections++;
      heap.used = heap.live;
    },
    () => heap.used,
  );
  return { ceiling, heap };
}

describe('HeapCeiling', () => {
  it('given the heap in use below the ceiling, when checked, then it does not collect', () => {
    const { ceiling, heap } = ceilingOver(96);
    heap.used = 95 * MB;
    expect(ceiling.check()).toBe(false);
    expect(heap.collections).toBe(0);
  });

  it('given the heap in use past the ceiling, when checked, then it collects once', () => {
    const { ceiling, heap } = ceilingOver(96);
    heap.used = 97 * MB;
    heap.live = 40 * MB;
    expect(ceiling.check()).toBe(true);
    expect(heap.collections).toBe(1);
    expect(ceiling.check()).toBe(false);
  });

  it('given a live set larger than half the ceiling, when collected, then the ceiling rises to twice it (no collection per check)', () => {
    const { ceiling, heap } = ceilingOver(96);
    heap.used = 120 * MB;
    heap.live = 80 * MB;
    expect(ceiling.check()).toBe(true);
    heap.used = 150 * MB;
    expect(ceiling.check()).toBe(false);
    heap.used = 161 * MB;
    expect(ceiling.check()).toBe(true);
    expect(heap.collections).toBe(2);
  });

  it('given a ceiling of 0, when checked with any heap, then it never collects', () => {
    const { ceiling, heap } = ceilingOver(0);
    heap.used = 4096 * MB;
    expect(ceiling.check()).toBe(false);
    expect(heap.collections).toBe(0);
  });
});
