import { Writable } from 'node:stream';
import express, { Response } from 'express';
import request from 'supertest';
import { ok } from './envelope';
import { sendOkBatches, sendOkList, writeInTurn } from './streamed-answer';

/** A socket-like sink that takes one text at a time, later (its buffer is always full). */
function slowSink() {
  const received: string[] = [];
  const sink = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      received.push(chunk.toString());
      setImmediate(done);
    },
  });
  return { sink, received, res: sink as unknown as Response };
}

describe('streamed answers', () => {
  it('a list is the same JSON as ok(items, { meta }), written a few items at a time', async () => {
    const items = Array.from({ length: 100 }, (_, i) => ({ revision: i, data: { note: `é "${i}"` }, gone: undefined }));
    const meta = { customerId: 'c1', pagination: { hasNext: false, hasPre: true } };
    const writes: number[] = [];
    const app = express().get('/list', async (_req, res) => {
      const write = res.write.bind(res);
      res.write = ((chunk: string) => (writes.push(chunk.length), write(chunk))) as typeof res.write;
      await sendOkList(res, items, meta);
    });
    const answer = await request(app)
      .get('/list')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    const expected = JSON.parse(JSON.stringify(ok(items, { meta })));
    expect(answer.body).toEqual({ ...expected, timestamp: answer.body.timestamp });
    expect(Object.keys(answer.body)).toEqual(['success', 'data', 'meta', 'message', 'timestamp']);
    expect(new Date(answer.body.timestamp).toISOString()).toBe(answer.body.timestamp);
    // The opening, then 32 + 32 + 32 + 4 items, each write after the first behind its own comma: no
    // write holds the whole list.
    expect(writes).toHaveLength(8);
    expect(writes.filter((length) => length === 1)).toHaveLength(3);
  });

  it('batches made while the answer is written give the same JSON as ok(all their items), meta from their summary', async () => {
    const made: number[] = [];
    async function* batches() {
      for (let b = 0; b < 3; b++) {
        made.push(b);
        yield b === 1 ? [] : Array.from({ length: 40 }, (_, i) => ({ n: b * 40 + i }));
      }
      return { total: 80 };
    }
    const app = express().get('/list', (_req, res) => void sendOkBatches(res, batches(), (s) => ({ pagination: s })));
    const answer = await request(app).get('/list').expect(200);
    const items = [
      ...Array.from({ length: 40 }, (_, i) => ({ n: i })),
      ...Array.from({ length: 40 }, (_, i) => ({ n: 80 + i })),
    ];
    expect(answer.body).toEqual({
      ...ok(items, { meta: { pagination: { total: 80 } } }),
      timestamp: answer.body.timestamp,
    });
    expect(made).toEqual([0, 1, 2]);
  });

  it('cuts the answer short when a batch fails after it has begun, so no partial list reads as whole', async () => {
    async function* batches(): AsyncGenerator<unknown[], object> {
      yield [{ n: 1 }];
      throw new Error('the store went away');
    }
    const app = express().get('/list', (_req, res) => void sendOkBatches(res, batches(), () => ({})));
    await expect(request(app).get('/list')).rejects.toThrow();
  });

  it('stops making batches once the client has gone', async () => {
    const { sink, res } = slowSink();
    let finished = false;
    async function* batches(): AsyncGenerator<unknown[], object> {
      try {
        yield [{ n: 1 }];
        sink.destroy();
        for (;;) yield [{ n: 2 }];
      } finally {
        finished = true;
      }
    }
    (res as unknown as { status: () => void }).status = () => undefined;
    (res as unknown as { setHeader: () => void }).setHeader = () => undefined;
    await sendOkBatches(res, batches(), () => ({}));
    expect(finished).toBe(true);
  });

  it('an empty list is an empty data array', async () => {
    const app = express().get('/list', (_req, res) => void sendOkList(res, [], {}));
    const answer = await request(app).get('/list').expect(200);
    expect(answer.body).toMatchObject({ success: true, data: [], meta: {}, message: 'OK' });
  });

  it('waits for the socket each time it is full, and leaves no listener behind', async () => {
    const { sink, received, res } = slowSink();
    const texts = Array.from({ length: 50 }, (_, i) => `text ${i};`);
    const closeListeners = sink.listenerCount('close');
    await expect(writeInTurn(res, texts)).resolves.toBe(true);
    // A wait that raced 'drain' with 'close' used to leave its 'close' listener until the answer ended.
    expect(sink.listenerCount('drain')).toBe(0);
    expect(sink.listenerCount('close')).toBe(closeListeners);
    await new Promise((done) => sink.end(done));
    expect(received.join('')).toBe(texts.join(''));
  });

  it('stops writing once the client has gone', async () => {
    const { sink, received, res } = slowSink();
    async function* texts() {
      yield 'first;';
      sink.destroy();
      yield 'second;';
      yield 'third;';
    }
    await expect(writeInTurn(res, texts())).resolves.toBe(false);
    expect(received.join('')).not.toContain('third');
  });

  it('does not wait for room on a socket the client has already closed', async () => {
    const { sink, res } = slowSink();
    sink.on('error', () => undefined);
    sink.destroy();
    await new Promise((done) => setImmediate(done)); // its 'close' has been emitted
    const outcome = await Promise.race([
      writeInTurn(res, ['first;', 'second;']),
      new Promise((done) => setTimeout(() => done('still waiting'), 500)),
    ]);
    expect(outcome).toBe(false);
  });
});
