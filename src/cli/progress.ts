import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  /** `done` items so far (and the total, when it became known or grew). */
  update(done: number, total?: number): void;
  stop(): void;
}

/**
 * A progress bar on stderr when stderr is a terminal (stdout carries the command's answer, so a
 * redirected export or report stays clean); nothing otherwise. `total` unknown: a running count.
 */
export function progressBar(
  label: string,
  unit: string,
  total: number | undefined,
  stream: NodeJS.WriteStream = process.stderr,
): Progress {
  if (!stream.isTTY) return { update: () => undefined, stop: () => undefined };
  const format =
    total === undefined
      ? `${label} | {value} ${unit} | {duration_formatted}`
      : `${label} [{bar}] {percentage}% | {value}/{total} ${unit} | eta {eta_formatted}`;
  const bar = new SingleBar({ stream, format, hideCursor: true, clearOnComplete: true }, Presets.shades_classic);
  bar.start(total ?? 0, 0);
  return {
    update: (done, newTotal) => {
      if (newTotal !== undefined) bar.setTotal(newTotal);
      bar.update(done);
    },
    stop: () => bar.stop(),
  };
}
