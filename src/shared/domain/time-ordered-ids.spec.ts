import { timeOrderedIds } from './ids';

describe('timeOrderedIds', () => {
  it('makes UUIDv7s whose text order is the order they were made, within one millisecond too', () => {
    const ids = Array.from({ length: 2000 }, () => timeOrderedIds.next());
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
  });

  it('starts with the time it was made (milliseconds since 1970, in the first 48 bits)', () => {
    const before = Date.now();
    const id = timeOrderedIds.next();
    const made = parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(made).toBeGreaterThanOrEqual(before);
    expect(made).toBeLessThanOrEqual(Date.now());
  });
});
