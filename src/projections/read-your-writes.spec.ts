import type { Request, Response } from 'express';
import { GlobalPosition, comparePositions } from '../infrastructure/event-store/event-store.port';
import { ProjectionRunner } from './projection-runner';
import { ReadYourWrites, readYourWrites } from './read-your-writes';
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

const request = (method: string, path: string) => ({ method, path }) as Request;

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

  it('holds a request until settled, and lets the writes answered ahead through at once', async () => {
    const runner = runnerAt(3);
    const barrier = new ReadYourWrites(runner as unknown as ProjectionRunner, new AppConfig({}));
    const middleware = readYourWrites(barrier, (req) => req.method === 'POST');
    const passed: string[] = [];
    const pass = (req: Request) =>
      new Promise<void>((done) =>
        middleware(req, {} as Response, () => {
          passed.push(`${req.method} ${req.path}`);
          done();
        }),
      );

    await pass(request('GET', '/a'));
    expect(runner.waitedFor).toEqual([]);

    barrier.answeredAhead(at(5));
    await pass(request('POST', '/award'));
    expect(runner.waitedFor).toEqual([]);
    await pass(request('GET', '/b'));
    expect(runner.waitedFor).toEqual([at(5)]);
    expect(passed).toEqual(['GET /a', 'POST /award', 'GET /b']);
  });
});
