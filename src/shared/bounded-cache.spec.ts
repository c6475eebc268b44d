import { BoundedCache } from './bounded-cache';

describe('BoundedCache', () => {
  it('keeps at most max entries, the least recently used going first', () => {
    const evicted: string[] = [];
    const cache = new BoundedCache<string, number>({ max: 2, onEvict: (_v, key) => evicted.push(key) });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now the most recent
    cache.set('c', 3);
    expect(cache.has('b')).toBe(false);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
    expect(evicted).toEqual(['b']);
  });

  it('reports only evictions, not deletions, replacements or clears', () => {
    const evicted: string[] = [];
    const cache = new BoundedCache<string, number>({ max: 2, onEvict: (_v, key) => evicted.push(key) });
    cache.set('a', 1);
    cache.set('a', 2);
    cache.delete('a');
    cache.set('b', 1);
    cache.clear();
    expect(evicted).toEqual([]);
    expect(cache.size).toBe(0);
  });
});
