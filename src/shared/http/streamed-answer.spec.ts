import { Writable } from 'node:stream';
import express, { Response } from 'express';
import request from 'supertest';
import { ok } from './envelope';
import { sendOkList, writeInTurn } from './streamed-answer';

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
    // The opening, then 32 + 32 + 32 + 4 items: no write holds the whole list.
    expect(writes).toHaveLength(5);
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
