import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo, connect, Socket } from 'node:net';
import { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { craftToken, HEADLESS, nowSeconds, tokenFor } from './headless-support';

/** What the announced body would be: 60 MB, within the upload's own limit. */
const ANNOUNCED = 60 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'A');

interface RawOutcome {
  /** The first line of the answer, or null when none came. */
  statusLine: string | null;
  /** Bytes of the body the client managed to send before the answer (or the time limit). */
  sent: number;
  /** Bytes the server read on that connection. */
  serverRead: number;
  /** The server closed the connection. */
  closed: boolean;
}

/**
 * Announces a 60 MB JSON upload and sends it as fast as the connection takes it, until an answer
 * comes, the connection closes, or `waitMs` pass; then measures what the server read.
 */
async function rawUpload(server: Server, authorization: string | null, waitMs: number): Promise<RawOutcome> {
  const serverSockets: Socket[] = [];
  const track = (socket: Socket) => serverSockets.push(socket);
  server.on('connection', track);
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head = [
    `POST ${HEADLESS}/customer/earn/upload HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${ANNOUNCED}`,
    ...(authorization ? [`Authorization: ${authorization}`] : []),
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n{"images":[{"imageBase64":"`);
  let answer = '';
  let closed = false;
  let sent = 0;
  socket.on('data', (data) => (answer += data.toString('latin1')));
  socket.on('error', () => (closed = true));
  socket.on('close', () => (closed = true));
  const deadline = Date.now() + waitMs;
  while (!closed && answer === '' && Date.now() < deadline && sent < ANNOUNCED - CHUNK.length) {
    if (socket.write(CHUNK)) sent += CHUNK.length;
    else {
      sent += CHUNK.length;
      await Promise.race([
        new Promise((resolve) => socket.once('drain', resolve)),
        new Promise((resolve) => setTimeout(resolve, 50)),
      ]);
    }
  }
  // Whatever the server does next, it has had time to do it.
  for (let i = 0; i < 40 && !closed; i++) await new Promise((resolve) => setTimeout(resolve, 25));
  socket.destroy();
  server.off('connection', track);
  const serverRead = serverSockets.reduce((sum, s) => sum + s.bytesRead, 0);
  return { statusLine: answer === '' ? null : answer.split('\r\n')[0], sent, serverRead, closed };
}

describe(`headless upload: the token is checked before the body is read (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-auth-'));
  const s = scenario(() => ({ env: { UPLOADS_DIR: dir } }));
  let server: Server;

  beforeAll(async () => {
    await s.enrol(2101);
    server = s.t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const refusedUnread = async (authorization: string | null) => {
    const outcome = await rawUpload(server, authorization, 5000);
    expect(outcome.statusLine).toBe('HTTP/1.1 401 Unauthorized');
    expect(outcome.closed).toBe(true);
    // The server read the head and at most what the connection buffered, never the 60 MB announced.
    expect(outcome.serverRead).toBeLessThan(8 * 1024 * 1024);
    expect(outcome.sent).toBeLessThan(ANNOUNCED / 2);
  };

  it('no token: 401 while the client is still sending, the connection closed', async () => {
    await refusedUnread(null);
  });

  it('a forged token (a key that is not the shop’s): 401, body unread', async () => {
    const claims = { sub: 'someone', shop: s.shop.shopId, jti: 'x', exp: nowSeconds() + 600 };
    await refusedUnread(`Bearer ${craftToken('not the shop secret', claims)}`);
  });

  it('a token of a shop that does not exist: 401, body unread', async () => {
    const claims = { sub: 'someone', shop: 'no-such-shop', jti: 'y', exp: nowSeconds() + 600 };
    await refusedUnread(`Bearer ${craftToken('any secret', claims)}`);
  });

  it('a good token: the body is read (the server waits for the rest of it, answering nothing)', async () => {
    const token = await tokenFor(s.t, s.shop, 2101);
    const outcome = await rawUpload(server, `Bearer ${token}`, 1500);
    expect(outcome.statusLine).toBeNull();
    expect(outcome.closed).toBe(false);
    expect(outcome.serverRead).toBeGreaterThan(outcome.sent / 2);
  });
});
