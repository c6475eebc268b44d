import { Server } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';
import { auth, createTestApp, expectError, TestApp } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

const TIMEOUT_MS = 600;
const AWARD = '/rest_api/v2/transactions/points/award';
const CHUNK = Buffer.alloc(64 * 1024, 'a');

interface RawAnswer {
  status: number | null;
  headers: Record<string, string>;
  body: string;
  /** The server closed the connection. */
  closed: boolean;
  /** When the answer's first byte came, in ms after the head was sent. */
  answeredAfterMs: number | null;
  /** Bytes the server read on that connection. */
  serverRead: number;
}

/**
 * Sends a request head (and what `send` writes after it) on a raw socket, then waits for the answer
 * and the close, at most `waitMs`; measures what the server read.
 */
async function rawRequest(
  server: Server,
  head: string[],
  send: (socket: Socket, answered: () => boolean) => Promise<void>,
  waitMs: number,
): Promise<RawAnswer> {
  const serverSockets: Socket[] = [];
  const track = (socket: Socket) => serverSockets.push(socket);
  server.on('connection', track);
  const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  let received = '';
  let closed = false;
  let answeredAfterMs: number | null = null;
  const started = Date.now();
  socket.on('data', (data) => {
    answeredAfterMs ??= Date.now() - started;
    received += data.toString('latin1');
  });
  socket.on('error', () => (closed = true));
  socket.on('close', () => (closed = true));
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  await send(socket, () => received !== '' || closed);
  for (const end = Date.now() + waitMs; !closed && Date.now() < end;)
    await new Promise((resolve) => setTimeout(resolve, 20));
  socket.destroy();
  server.off('connection', track);
  const [top, ...rest] = received.split('\r\n\r\n');
  const [statusLine, ...headerLines] = (top ?? '').split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return {
    status: statusLine ? Number(statusLine.split(' ')[1]) : null,
    headers,
    body: rest.join('\r\n\r\n'),
    closed,
    answeredAfterMs,
    serverRead: serverSockets.reduce((sum, s) => sum + s.bytesRead, 0),
  };
}

/** Writes the body's chunks as fast as the connection takes them until an answer comes or `max` bytes. */
const streamChunked = (max: number) => async (socket: Socket, answered: () => boolean) => {
  for (let sent = 0; sent < max && !answered(); sent += CHUNK.length) {
    const frame = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);
    if (!socket.write(frame))
      await Promise.race([
        new Promise((resolve) => socket.once('drain', resolve)),
        new Promise((resolve) => setTimeout(resolve, 50)),
      ]);
  }
};

/**
 * The edge's limits on how a body arrives: a declared length over the route's limit is refused
 * before a byte of the body is read, a chunked body is cut at the limit, and a body that does not
 * arrive within REQUEST_BODY_TIMEOUT_MS is answered 408; each with its connection closed.
 */
describe('reliability: early 413 and the body deadline (408)', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let server: Server;
  const head = (extra: string[], path = AWARD) => [
    `POST ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    ...extra,
  ];
  const keys = () => Object.entries(auth(shop)).map(([name, value]) => `${name}: ${value}`);

  beforeAll(async () => {
    t = await createTestApp({ env: { REQUEST_BODY_TIMEOUT_MS: String(TIMEOUT_MS) } });
    shop = await t.shop();
    await t.enrol(shop, 5001);
    server = t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  it('a declared length over the limit, without credentials: 413 at once, Connection: close, body unread', async () => {
    const answer = await rawRequest(server, head(['Content-Length: 209715200']), async () => undefined, 2000);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expectError(JSON.parse(answer.body), 'PAYLOAD_TOO_LARGE', 413);
    expect(answer.closed).toBe(true);
    expect(answer.answeredAfterMs).toBeLessThan(TIMEOUT_MS);
  });

  it('the same on the webhook API, in its envelope, and with credentials', async () => {
    const webhooks = await rawRequest(
      server,
      head([...keys(), 'Content-Length: 5000000'], '/app/api/v1/webhooks'),
      async () => undefined,
      2000,
    );
    expect(webhooks.status).toBe(413);
    expect(webhooks.headers.connection).toBe('close');
    expect(JSON.parse(webhooks.body)).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    expect(webhooks.closed).toBe(true);
  });

  it('a chunked body is cut at the limit: 413, the connection closed, the rest never read', async () => {
    const answer = await rawRequest(server, head([...keys(), 'Transfer-Encoding: chunked']), streamChunked(64e6), 3000);
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expectError(JSON.parse(answer.body), 'PAYLOAD_TOO_LARGE', 413);
    expect(answer.closed).toBe(true);
    // The 100 KB limit and what the connection had buffered, not the 64 MB the client had to send.
    expect(answer.serverRead).toBeLessThan(8 * 1024 * 1024);
  });

  it('a chunked body of another type is never read: its connection is closed after the answer', async () => {
    const answer = await rawRequest(
      server,
      [`POST ${AWARD} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: text/plain', 'Transfer-Encoding: chunked'],
      streamChunked(64e6),
      3000,
    );
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
    expect(answer.closed).toBe(true);
    expect(answer.serverRead).toBeLessThan(8 * 1024 * 1024);
  });

  it('a body that stops arriving: 408 REQUEST_TIMEOUT within the deadline, the connection closed', async () => {
    const answer = await rawRequest(
      server,
      head([...keys(), 'Content-Length: 1000']),
      async (socket) => void socket.write('{"platformCustomerId":"5001",'),
      TIMEOUT_MS * 4,
    );
    expect(answer.status).toBe(408);
    expect(answer.headers.connection).toBe('close');
    const error = expectError(JSON.parse(answer.body), 'REQUEST_TIMEOUT', 408);
    expect(error.field).toBe('body');
    expect(answer.closed).toBe(true);
    expect(answer.answeredAfterMs).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(answer.answeredAfterMs).toBeLessThan(TIMEOUT_MS * 3);
    // Nothing was awarded.
    const customer = await t.http().get('/rest_api/v2/customers/external/5001').set(auth(shop)).expect(200);
    expect(customer.body.data.point).toBe(0);
  });

  it('a body within its limit and its deadline is read, and the connection stays open for the next request', async () => {
    const body = JSON.stringify({ platformCustomerId: '5001', point: 7 });
    const answer = await rawRequest(
      server,
      head([...keys(), `Content-Length: ${Buffer.byteLength(body)}`]),
      async (socket) => {
        await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS / 3));
        socket.write(body);
      },
      TIMEOUT_MS * 2,
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('keep-alive');
    expect(answer.closed).toBe(false);
  });
});
