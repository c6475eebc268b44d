import { Logger } from '@nestjs/common';
import { Response } from 'express';
import { okJsonAround } from './envelope';

const logger = new Logger('Answers');

/**
 * Items serialized per write of a streamed list. A 10,000-event replay is about 8 MB of JSON: as one
 * text it is held twice (the text and its copy for the socket, each on fresh pages) until the client
 * has read it all; in writes of a few dozen items only the items themselves are held, and small
 * texts are also cheaper to stringify and copy than one large one.
 */
const ITEMS_PER_WRITE = 32;

/**
 * Resolves when the socket has room again, or the client has gone; leaves no listener behind. Plain
 * listeners, not `once(..., { signal })` raced and aborted: the abort made a DOMException and an
 * event per wait, a cost paid hundreds of times in a long replay's answer.
 */
function drained(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}

/** Writes each text in turn, waiting while the socket's buffer is full. False: the client left. */
export async function writeInTurn(res: Response, texts: Iterable<string> | AsyncIterable<string>): Promise<boolean> {
  for await (const text of texts) {
    // A socket already closed emits no more 'close': waiting for one would never end.
    if (!res.write(text) && !res.destroyed) await drained(res);
    if (res.destroyed) return false;
  }
  return true;
}

/**
 * An answer that failed after its status and first bytes were sent: the connection is closed, so
 * the client sees a broken answer (never a complete-looking shorter one), and the cause is logged
 * here, since no exception filter can answer it any more.
 */
export function cutShort(res: Response, error: unknown): void {
  const { id, path } = res.req as { id?: string; path?: string };
  logger.error(
    `answer cut short after it began (request ${id ?? 'unknown'}, ${path ?? 'unknown path'}): ${
      (error as Error)?.stack ?? String(error)
    }`,
  );
  res.destroy();
}

/** The items, a few per text (each text made only when it is written), each text after a comma but the first's. */
function* itemTexts(items: readonly unknown[], first: boolean): Generator<string> {
  for (let i = 0; i < items.length; i += ITEMS_PER_WRITE) {
    // One stringify of the slice, its brackets cut off: faster than an item at a time joined.
    const text = JSON.stringify(items.slice(i, i + ITEMS_PER_WRITE));
    // The comma is written apart: joined to the slice it made a new text that the write then copied
    // once more.
    if (!(first && i === 0)) yield ',';
    yield text.slice(1, -1);
  }
}

/** `[` after `opening`, then each batch's items as they come; the batches' summary is kept in `end`. */
async function* listTexts<S>(
  opening: string,
  batches: AsyncGenerator<readonly unknown[], S>,
  end: { summary?: S },
): AsyncGenerator<string> {
  yield `${opening}[`;
  let first = true;
  for (let next = await batches.next(); ; next = await batches.next()) {
    if (next.done) return void (end.summary = next.value);
    yield* itemTexts(next.value, first);
    first &&= next.value.length === 0;
  }
}

/**
 * Sends `ok(items, { meta })` (the same JSON, key for key) while the items are still being made: each
 * batch is written a few items at a time as it comes, and the meta, made from the batches' summary,
 * after the last (the envelope has it after the data). For a list too long to hold whole (an audit
 * replay of a long stream): only a batch is alive at a time. Check what can refuse (a 404) before
 * calling it: an error of the batches cuts the answer short (the connection is closed), so a client
 * never takes part of a list for the whole.
 */
export async function sendOkBatches<S>(
  res: Response,
  batches: AsyncGenerator<readonly unknown[], S>,
  metaOf: (summary: S) => Record<string, unknown>,
): Promise<void> {
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  const end: { summary?: S } = {};
  try {
    if (!(await writeInTurn(res, listTexts(okJsonAround().before, batches, end)))) return;
  } catch (error) {
    cutShort(res, error);
    return;
  } finally {
    await batches.return(undefined as S);
  }
  res.end(`]${okJsonAround(metaOf(end.summary as S)).after}`);
}

/** `sendOkBatches` of a list already made. */
export function sendOkList(res: Response, items: readonly unknown[], meta: Record<string, unknown>): Promise<void> {
  return sendOkBatches(
    res,
    (async function* () {
      yield items;
    })(),
    () => meta,
  );
}
