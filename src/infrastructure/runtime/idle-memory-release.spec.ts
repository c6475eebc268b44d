import { eventLoopUtilisation, IdleMemoryRelease } from './idle-memory-release';

/** A release whose windows report the given utilisations in turn; counts its collections. */
function releaseOver(windows: number[]) {
  let collections = 0;
  const release = new IdleMemoryRelease(
    1000,
    () => windows.shift() ?? 0,
    () => void collections++,
  );
  return { release, collections: () => collections };
}

describe('IdleMemoryRelease', () => {
  it('given a busy window, when the next windows are quiet, then it collects twice and then no more', () => {
    const { release, collections } = releaseOver([0.6, 0.02, 0.03, 0.001, 0]);
    expect([release.check(), release.check(), release.check(), release.check(), release.check()]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(collections()).toBe(2);
  });

  it('given no burst since start, when every window is quiet, then it never collects', () => {
    const { release, collections } = releaseOver([0, 0.02, 0.2]);
    [1, 2, 3].forEach(() => release.check());
    expect(collections()).toBe(0);
  });

  it('given a burst, when the load only eases (neither busy nor quiet), then it waits for a quiet window', () => {
    const { release, collections } = releaseOver([0.5, 0.2, 0.1, 0.02]);
    expect([release.check(), release.check(), release.check(), release.check()]).toEqual([false, false, false, true]);
    expect(collections()).toBe(1);
  });

  it('given a collection owed, when a new burst comes, then two are owed again after it', () => {
    const { release, collections } = releaseOver([0.5, 0.01, 0.7, 0.01, 0.01, 0.01]);
    for (let i = 0; i < 6; i++) release.check();
    expect(collections()).toBe(3);
  });

  it('given real garbage, when a quiet window follows a burst, then V8 collects it (gc exposed at run time)', () => {
    const release = new IdleMemoryRelease(
      1000,
      (() => {
        const windows = [0.9, 0];
        return () => windows.shift() ?? 0;
      })(),
    );
    let garbage: unknown[] = [];
    for (let i = 0; i < 20_000; i++) garbage.push({ filler: new Array(64).fill(i) });
    expect(release.check()).toBe(false);
    garbage = [];
    const before = process.memoryUsage().heapUsed;
    expect(release.check()).toBe(true);
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 5 * 1048576);
    expect(garbage).toHaveLength(0);
  });

  it('given work on the event loop, when utilisation is read, then it reports the loop busy, and idle after a pause', async () => {
    const utilisation = eventLoopUtilisation();
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        const until = Date.now() + 50;
        while (Date.now() < until);
        resolve();
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(utilisation()).toBeGreaterThan(0.25);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(utilisation()).toBeLessThan(0.5);
  });

  it('given a window of 0, when started, then it sets no timer', () => {
    const release = new IdleMemoryRelease(
      0,
      () => 1,
      () => undefined,
    );
    release.start();
    expect((release as unknown as { timer: unknown }).timer).toBeNull();
  });
});
