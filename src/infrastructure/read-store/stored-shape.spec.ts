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
});
