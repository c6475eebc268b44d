import { INestApplicationContext } from '@nestjs/common';
import { Presets, SingleBar } from 'cli-progress';
import { clearLine, cursorTo } from 'node:readline';
import { Difference, ReadModelVerifier, VerifySummary } from '../queries/verify-read-models';

const show = (value: unknown) => (value === undefined ? '(missing)' : JSON.stringify(value));

/** One difference as one line an operator can read (and grep). */
export function describeDifference(d: Difference): string {
  const where = `${d.collection} ${d.documentId} (shop ${d.shopId}, customer ${d.customerId ?? '-'})`;
  if (d.problem === 'missing') return `MISSING ${where}: the log has it, the read model does not`;
  if (d.problem === 'unexplained') return `UNEXPLAINED ${where}: no event in the log explains this document`;
  return `DIFF ${where} ${d.field}: read model ${show(d.readModel)}, log ${show(d.log)}`;
}

export function describeSummary(s: VerifySummary): string {
  const n = (x: number) => x.toLocaleString('en');
  const verdict =
    s.differences === 0 ? 'no differences' : `${n(s.differences)} difference${s.differences > 1 ? 's' : ''}`;
  return (
    `verify${s.shopId ? ` shop ${s.shopId}` : ''}: ${n(s.streams)} streams, ${n(s.events)} events; ` +
    `${n(s.documents.customers)} customers, ${n(s.documents.transactions)} transactions, ${n(s.documents.rewards)} rewards, ` +
    `${n(s.documents.liabilityDays)} liability days: ` +
    `${verdict}${s.inFlight ? ` (${n(s.inFlight)} streams in flight, not compared)` : ''} ` +
    `in ${(s.ms / 1000).toFixed(1)} s (${n(s.eventsPerSecond)} events/s)`
  );
}

/**
 * `loyalty audit verify [--shop <id>]`: every difference on stdout, one per line, then the summary
 * line; a progress bar on stderr when it is a terminal. Exit code 0: no differences, 3: differences.
 */
export async function verifyCommand(app: INestApplicationContext, shopId: string | null): Promise<number> {
  const bar = process.stderr.isTTY
    ? new SingleBar(
        {
          stream: process.stderr,
          format:
            'verify [{bar}] {percentage}% | {value}/{total} streams | {events} events | {differences} differences',
          hideCursor: true,
          clearOnComplete: true,
        },
        Presets.shades_classic,
      )
    : null;
  let differences = 0;
  let started = false;
  const summary = await app.get(ReadModelVerifier).run({
    shopId,
    onDifference: (d) => {
      differences++;
      // Printed over the bar's line; the bar redraws itself below at its next update.
      if (bar && started) {
        clearLine(process.stderr, 0);
        cursorTo(process.stderr, 0);
      }
      process.stdout.write(`${describeDifference(d)}\n`);
    },
    onProgress: (p) => {
      if (!bar) return;
      if (!started) {
        bar.start(Math.max(p.expectedStreams, p.streams), p.streams, { events: p.events, differences });
        started = true;
      }
      bar.setTotal(Math.max(p.expectedStreams, p.streams));
      bar.update(p.streams, { events: p.events.toLocaleString('en'), differences });
    },
  });
  bar?.stop();
  process.stdout.write(`${describeSummary(summary)}\n`);
  return summary.differences === 0 ? 0 : 3;
}
