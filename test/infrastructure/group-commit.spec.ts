import { randomUUID } from 'node:crypto';
import { GroupCommit, PendingAppend } from '../../src/infrastructure/event-store/group-commit';
import { AppendResult, WrongExpectedRevisionError } from '../../src/infrastructure/event-store/event-store.port';
import { openTestStorage, storeKinds } from '../support/stores';

const append = (streamId: string): PendingAppend => ({
  streamId,
  events: [{ id: randomUUID(), type: 't', data: {} }],
  expected: 'no_stream',
});

describe('GroupCommit', () => {
  it('writes the appends of one turn together, and groups those that arrive while they are written', async () => {
    const groups: string[][] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const commit = new GroupCommit(async (group) => {
      groups.push(group.map((a) => a.streamId));
      if (groups.length === 1) await gate;
      return group.map((): AppendResult => ({ nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } }));
    });
    const done = [commit.submit(append('a')), commit.submit(append('b'))];
    // Nothing is written before the turn ends: an append submitted in it still joins the group.
    expect(groups).toEqual([]);
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([['a', 'b']]);
    done.push(commit.submit(append('c')), commit.submit(append('d')));
    await new Promise((r) => setImmediate(r));
    expect(groups).toEqual([['a', 'b']]);
    release();
    await Promise.all(done);
    expect(groups).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('never puts two appends of one stream in a group, and fails an append alone', async () => {
    const groups: string[][] = [];
    const commit = new GroupCommit(async (group) => {
      groups.push(group.map((a) => a.streamId));
      await new Promise((r) => setImmediate(r));
      return group.map((a) =>
        a.streamId === 'bad'
          ? new WrongExpectedRevisionError(a.streamId, a.expected, 0n)
          : { nextExpectedRevision: 0n, position: { commit: 1n, prepare: 1n } },
      );
    });
    const first = commit.submit(append('x'));
    const results = await Promise.allSettled([
      first,
      commit.submit(append('s')),
      commit.submit(append('s')),
      commit.submit(append('bad')),
    ]);
    expect(groups).toEqual([['x', 's', 'bad'], ['s']]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  });
});

describe.each(storeKinds())('SQL event store group commit (%s)', (kind) => {
  it('concurrent appends to different streams share commits, each in its own stream order', async () => {
    const store = await openTestStorage(kind);
    try {
      const events = store.storage.eventStore;
      const streams = Array.from({ length: 40 }, () => `group-${randomUUID()}`);
      const results = await Promise.all(
        streams.map((id) =>
          events.appendToStream(
            id,
            [
              { id: randomUUID(), type: 'a', data: {} },
              { id: randomUUID(), type: 'b', data: {} },
            ],
            'no_stream',
          ),
        ),
      );
      // Fewer distinct commits than appends: appends waiting for a commit were written together.
      const commits = new Set(results.map((r) => r.position.commit));
      expect(commits.size).toBeLessThan(streams.length);
      for (const id of streams) {
        const read = await events.readStream(id);
        expect(read.map((e) => [e.type, e.revision])).toEqual([
          ['a', 0n],
          ['b', 1n],
        ]);
        expect(read[0].position.prepare < read[1].position.prepare).toBe(true);
      }
    } finally {
      await store.cleanup();
    }
  });
});
