import { GlobalPosition, RecordedEvent } from './event-store.port';
import { RecentAppends } from './recent-appends';

const at = (n: number): GlobalPosition => ({ commit: BigInt(n), prepare: BigInt(n) });
const event = (n: number): RecordedEvent => ({
  id: `e${n}`,
  streamId: 's',
  revision: BigInt(n),
  position: at(n),
  type: 't',
  data: {},
  metadata: {},
  recordedAt: new Date(0),
});
const events = (...ns: number[]) => ns.map(event);
const ids = (list: RecordedEvent[] | null) => list && list.map((e) => e.id);

describe('RecentAppends', () => {
  it('knows nothing before the first append', () => {
    expect(new RecentAppends().after(null, 10)).toBeNull();
    expect(new RecentAppends().after(at(1), 10)).toBeNull();
  });

  it('answers what followed a position in a run of appends that follow one another, at most `limit`', () => {
    const recent = new RecentAppends();
    recent.record(at(1), events(2, 3));
    recent.record(at(3), events(4));
    recent.record(at(4), events(5, 6));
    expect(ids(recent.after(at(1), 10))).toEqual(['e2', 'e3', 'e4', 'e5', 'e6']);
    expect(ids(recent.after(at(3), 2))).toEqual(['e4', 'e5']);
    expect(ids(recent.after(at(5), 10))).toEqual(['e6']);
  });

  it('answers from the start of the feed when the first append found it empty', () => {
    const recent = new RecentAppends();
    recent.record(null, events(1, 2));
    expect(ids(recent.after(null, 10))).toEqual(['e1', 'e2']);
  });

  it('cannot tell past the end of the run, before its start, or for a position it does not hold', () => {
    const recent = new RecentAppends();
    recent.record(at(10), events(11, 12));
    expect(recent.after(at(12), 10)).toBeNull();
    expect(recent.after(at(9), 10)).toBeNull();
    expect(recent.after(null, 10)).toBeNull();
    expect(recent.after({ commit: 11n, prepare: 99n }, 10)).toBeNull();
  });

  it('starts a new run when an append does not follow the last one (something came between)', () => {
    const recent = new RecentAppends();
    recent.record(at(1), events(2, 3));
    // Event 4 was written some other way: the append of 5 found it before itself.
    recent.record(at(4), events(5));
    expect(recent.after(at(1), 10)).toBeNull();
    expect(recent.after(at(3), 10)).toBeNull();
    expect(ids(recent.after(at(4), 10))).toEqual(['e5']);
  });

  it('keeps the last 4,096 events: older positions are read from the store', () => {
    const recent = new RecentAppends();
    for (let n = 1; n <= 5000; n++) recent.record(at(n - 1), events(n));
    expect(recent.after(at(0), 10)).toBeNull();
    expect(recent.after(at(903), 10)).toBeNull();
    expect(ids(recent.after(at(904), 2))).toEqual(['e905', 'e906']);
    expect(ids(recent.after(at(4998), 10))).toEqual(['e4999', 'e5000']);
  });
});
