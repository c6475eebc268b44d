import { StoredShape } from './stored-shape';

describe('StoredShape', () => {
  const shape = new StoredShape({ name: 'rows', storedOnlyWhenSet: ['orderId', 'note'] });

  it('stores without the listed fields that are null, and keeps every other field as it is', () => {
    const doc = { id: 'a', orderId: null, note: 'kept', reason: null, points: 0, held: false };
    expect(shape.toStored(doc)).toEqual({ id: 'a', note: 'kept', reason: null, points: 0, held: false });
    expect(Object.keys(shape.toStored(doc))).toEqual(['id', 'note', 'reason', 'points', 'held']);
    expect(doc.orderId).toBeNull();
  });

  it('reads the listed fields back as null where they are absent, and leaves set ones alone', () => {
    expect(shape.fromStored({ id: 'a', note: 'kept' })).toEqual({ id: 'a', note: 'kept', orderId: null });
    expect(shape.fromStored({ id: 'b', orderId: 'o1', note: null })).toEqual({ id: 'b', orderId: 'o1', note: null });
  });

  it('a collection without such fields stores and reads documents unchanged', () => {
    const plain = new StoredShape({ name: 'plain' });
    const doc = { id: 'a', orderId: null };
    expect(plain.toStored(doc)).toBe(doc);
    expect(plain.fromStored(doc)).toBe(doc);
  });

  describe('fields stored unless default', () => {
    const rows = new StoredShape({
      name: 'rows',
      storedOnlyWhenSet: ['note'],
      storedUnlessDefault: { held: false, spent: 0 },
    });

    it('stores without the fields that hold their default, and keeps them when they differ', () => {
      expect(rows.toStored({ id: 'a', held: false, spent: 0, note: null, points: 0 } as never)).toEqual({
        id: 'a',
        points: 0,
      });
      expect(rows.toStored({ id: 'b', held: true, spent: 5, note: 'n' } as never)).toEqual({
        id: 'b',
        held: true,
        spent: 5,
        note: 'n',
      });
      // Only the default itself is left out: null and other falsy values are kept.
      expect(rows.toStored({ id: 'c', held: null, spent: false } as never)).toEqual({
        id: 'c',
        held: null,
        spent: false,
      });
    });

    it('reads them back as their default where absent, and leaves stored values alone', () => {
      expect(rows.fromStored({ id: 'a', points: 0 })).toEqual({
        id: 'a',
        points: 0,
        note: null,
        held: false,
        spent: 0,
      });
      expect(rows.fromStored({ id: 'b', held: true, spent: 5, note: 'n' })).toEqual({
        id: 'b',
        held: true,
        spent: 5,
        note: 'n',
      });
    });

    it('refuses to filter or sort on them (a stored document may lack them); other fields are queryable', () => {
      expect(() => rows.queryable('held')).toThrow('held is stored only unless default');
      expect(rows.queryable('note')).toBe('note');
      expect(rows.queryable('points')).toBe('points');
    });

    it('a definition that indexes one of them is refused', () => {
      expect(
        () => new StoredShape({ name: 'bad', storedUnlessDefault: { spent: 0 }, indexes: [['shopId', 'spent']] }),
      ).toThrow('spent is stored only unless default');
    });
  });
});
