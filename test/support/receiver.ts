import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingMessage['headers'];
  raw: Buffer;
  body: any;
}

/** A webhook receiver on loopback. `respond` decides the status of each request. */
export async function startReceiver(respond: Respond = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const entry = { headers: req.headers, raw, body: JSON.parse(raw.toString('utf8')) };
      const status = respond(entry);
      if (status >= 200 && status < 300) received.push(entry);
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

type Respond = (r: Received) => number;

/**
 * Runs `use` with a receiver started for it (answering as `respond` decides, 200 by default), closed
 * afterwards whether `use` passed or threw.
 */
export async function withReceiver<T>(use: (receiver: Receiver) => Promise<T>): Promise<T>;
export async function withReceiver<T>(respond: Respond, use: (receiver: Receiver) => Promise<T>): Promise<T>;
export async function withReceiver<T>(
  ...args: [(receiver: Receiver) => Promise<T>] | [Respond, (receiver: Receiver) => Promise<T>]
): Promise<T> {
  const [respond, use] = args.length === 1 ? [undefined, args[0]] : args;
  const receiver = await startReceiver(respond);
  try {
    return await use(receiver);
  } finally {
    await receiver.close();
  }
}

export async function waitUntil(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Waits for `count` deliveries, then answers what was delivered as `topic:platformCustomerId` lines, sorted. */
export async function deliveredTopics(receiver: Receiver, count: number, what: string): Promise<string[]> {
  await waitUntil(() => receiver.received.length >= count, 10_000, what);
  return receiver.received.map((r) => `${r.body.topic}:${r.body.customer.platformCustomerId}`).sort();
}
