import { Writable } from 'node:stream';
import { AddressInfo } from 'node:net';
import { get, Server } from 'node:http';
import { Logger } from '@nestjs/common';
import express from 'express';
import pino from 'pino';
import { requestLog } from './request-log';
import { sendOkBatches } from './streamed-answer';
import { waitUntil } from '../../../test/support/receiver';

/** An app with the access log in front, listening on loopback; its log lines parsed. */
async function loggedApp(route: (app: express.Express) => void) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) });
  const app = express();
  app.use(requestLog(pino({ level: 'info' }, sink)) as unknown as express.RequestHandler);
  route(app);
  const server: Server = await new Promise((ready) => {
    const s = app.listen(0, '127.0.0.1', () => ready(s));
  });
  const url = (path: string) => `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return { lines, url, close: () => new Promise((done) => server.close(done)) };
}

/** Reads an answer to its end or its break: the bytes received and whether it ended whole. */
function fetchRaw(url: string): Promise<{ body: string; whole: boolean }> {
  return new Promise((resolve) => {
    get(url, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ body, whole: true }));
      res.on('error', () => resolve({ body, whole: false }));
      // A connection closed before the head was read: nothing the client could take for an answer.
    }).on('error', () => resolve({ body: '', whole: false }));
  });
}

describe('the access log', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes one line for a completed answer, with its request id and status', async () => {
    const t = await loggedApp((app) => app.get('/thing', (_req, res) => void res.json({ ok: true })));
    try {
      expect((await fetchRaw(t.url('/thing'))).whole).toBe(true);
      await waitUntil(() => t.lines.length > 0, 1000, 'the access line');
      expect(t.lines).toHaveLength(1);
      expect(t.lines[0]).toMatchObject({ msg: 'request completed', method: 'GET', url: '/thing', statusCode: 200 });
      expect(t.lines[0].reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(t.lines[0]).not.toHaveProperty('completed');
    } finally {
      await t.close();
    }
  });

  it('writes a line for a streamed answer cut short by a failure, and the failure is logged with its cause', async () => {
    const errors = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    async function* batches(): AsyncGenerator<unknown[], object> {
      yield [{ n: 1 }];
      throw new Error('the store went away');
    }
    const t = await loggedApp((app) =>
      app.get('/replay', (_req, res) => void sendOkBatches(res, batches(), () => ({}))),
    );
    try {
      const answer = await fetchRaw(t.url('/replay'));
      expect(answer.whole).toBe(false);
      expect(() => JSON.parse(answer.body)).toThrow();
      await waitUntil(() => t.lines.length > 0, 1000, 'the access line');
      expect(t.lines).toHaveLength(1);
      expect(t.lines[0]).toMatchObject({
        msg: 'request ended before its answer was complete',
        url: '/replay',
        statusCode: 200,
        completed: false,
      });
      expect(errors).toHaveBeenCalledTimes(1);
      const logged = String(errors.mock.calls[0][0]);
      expect(logged).toContain(`request ${String(t.lines[0].reqId)}`);
      expect(logged).toContain('/replay');
      expect(logged).toContain('the store went away');
    } finally {
      await t.close();
    }
  });
});
