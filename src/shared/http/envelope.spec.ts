import { jsonText, ok, okJson } from './envelope';

describe('okJson', () => {
  it('sends the same envelope as ok, around data serialized before', () => {
    const data = { name: 'Ladder "gold"', steps: [{ value: 1, state: 'current' }], note: null };
    const sent = JSON.parse(okJson(jsonText(data)));
    const expected = JSON.parse(JSON.stringify(ok(data)));
    expect(Object.keys(sent)).toEqual(Object.keys(expected));
    expect({ ...sent, timestamp: 'now' }).toEqual({ ...expected, timestamp: 'now' });
    expect(new Date(sent.timestamp).toISOString()).toBe(sent.timestamp);
  });
});
