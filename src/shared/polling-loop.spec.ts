import { Logger } from '@nestjs/common';
import { PollingLoop } from './polling-loop';

/**
 * A feed reader's loop: a round that reads a partial page pauses, unless it was nudged meanwhile.
 * Given a nudge that arrived during a round, When the round ends, Then the loop reads again at once
 * only if the nudge is still due.
 */
describe('PollingLoop nudges', () => {
  const logger = new Logger('test');
  logger.error = jest.fn();

  async function roundsAfterNudgeDuringRound(nudge: (loop: PollingLoop) => void): Promise<number> {
    let rounds = 0;
    const loop: PollingLoop = new PollingLoop({
      what: 'test',
      logger,
      pageSize: 10,
      idlePauseMs: () => 60_000,
      work: async () => {
        rounds++;
        if (rounds === 1) nudge(loop);
        return 3; // a partial page
      },
    });
    loop.start();
    await new Promise((r) => setTimeout(r, 50));
    await loop.stop();
    return rounds;
  }

  it('a plain nudge during a round makes the loop look again at once', async () => {
    expect(await roundsAfterNudgeDuringRound((loop) => loop.nudge())).toBe(2);
  });

  it('a nudge whose event the round already read is void: the loop pauses', async () => {
    expect(await roundsAfterNudgeDuringRound((loop) => loop.nudge(() => false))).toBe(1);
  });

  it('a nudge still due after the round makes the loop look again', async () => {
    let due = true;
    const rounds = await roundsAfterNudgeDuringRound((loop) => {
      loop.nudge(() => {
        const answer = due;
        due = false;
        return answer;
      });
    });
    expect(rounds).toBe(2);
  });

  it('a plain nudge outweighs a void one in the same round', async () => {
    const rounds = await roundsAfterNudgeDuringRound((loop) => {
      loop.nudge(() => false);
      loop.nudge();
      loop.nudge(() => false);
    });
    expect(rounds).toBe(2);
  });
});
