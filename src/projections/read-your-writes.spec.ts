import { GlobalPosition, comparePositions } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';
import { answeringAhead, ReadYourWrites } from './read-your-writes';
import { AppConfig } from '../config/app-config';

const at = (commit: number): GlobalPosition => ({ commit: BigInt(commit), prepare: BigInt(commit) });

/** A projection runner that has applied up to `applied`, and applies up to what it is waited for. */
function runnerAt(applied: number) {
  const runner = {
    applied: at(applied),
    waitedFor: [] as GlobalPosition[],
    hasApplied: (p: GlobalPosition) => comparePositions(runner.applied, p) >= 0,
    waitFor: async (p: GlobalPosition) => {
      runner.waitedFor.push(p);
      runner.applied = p;
    },
  };
  return runner;
}

describe('ReadYourWrites', () => {
  it('owes nothing until a write is answered ahead, then the furthest of them until applied', async () => {
    const runner = runnerAt(10);
    const barrier = new ReadYourWrites(runner as unknown as ProjectionRunner, new AppConfig({}));
    expect(barrier.settled).toBe(true);

    barrier.answeredAhead(at(14));
    barrier.answeredAhead(at(12));
    expect(barrier.settled).toBe(false);
    await barrier.settle();
    expect(runner.waitedFor).toEqual([at(14)]);
    expect(barrier.settled).toBe(true);

    await barrier.settle();
    expect(runner.waitedFor).toEqual([at(14)]);
  });

  it('does not hold later requests for writes whose wait ran out', async () => {
    const runner = runnerAt(1);
    runner.waitFor = async (p: GlobalPosition) => void runner.waitedFor.push(p); // the bound passes, nothing applied
    const barrier = new ReadYourWrites(runner as unknown as ProjectionRunner, new AppConfig({}));
    barrier.answeredAhead(at(2));
    await barrier.settle();
    expect(barrier.settled).toBe(true);
    await barrier.settle();
    expect(runner.waitedFor).toEqual([at(2)]);

    barrier.answeredAhead(at(3));
    expect(barrier.settled).toBe(false);
  });

  it('waits for the read models after an append, unless the work answers ahead of them', async () => {
    const runner = runnerAt(3);
    const barrier = new ReadYourWrites(runner as unknown as ProjectionRunner, new AppConfig({}));

    await barrier.appended(at(4));
    expect(runner.waitedFor).toEqual([at(4)]);
    expect(barrier.settled).toBe(true);

    await answeringAhead(() => barrier.appended(at(6)));
    expect(runner.waitedFor).toEqual([at(4)]);
    expect(barrier.settled).toBe(false);

    // The scope is the work's own: an append after it, outside, waits again.
    await barrier.appended(at(7));
    expect(runner.waitedFor).toEqual([at(4), at(7)]);
  });

  it('keeps the scope across the awaits of the work answering ahead', async () => {
    const runner = runnerAt(1);
    const barrier = new ReadYourWrites(runner as unknown as ProjectionRunner, new AppConfig({}));
    await answeringAhead(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      await barrier.appended(at(2));
    });
    expect(runner.waitedFor).toEqual([]);
    expect(barrier.settled).toBe(false);
  });
});
