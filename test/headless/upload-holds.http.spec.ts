import { mkdtempSync, rmSync } from 'node:fs';
import { Server } from 'node:http';
import { AddressInfo, connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor } from './headless-support';

/** A tiny valid PNG, base64: the smallest upload that is stored. */
let png: string;
const body = () => ({ images: [{ imageBase64: png, imageName: 'r.png', imageType: 'image/png' }] });

interface Trickle {
  socket: Socket;
  /** The first line of the answer, once one came. */
  answer: () => string;
}

/** An upload declaring 1 MB and sending a byte every 200 ms: it never finishes on its own. */
async function trickle(server: Server, token: string): Promise<Trickle> {
  const { port } = server.address() as AddressInfo;
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const head = [
    `POST ${HEADLESS}/customer/earn/upload HTTP/1.1`,
    'Host: 127.0.0.1',
    'Content-Type: application/json',
    `Content-Length: ${1024 * 1024}`,
    `Authorization: Bearer ${token}`,
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n{"images":[{"imageBase64":"`);
  let answer = '';
  socket.on('data', (data) => (answer += data.toString('latin1')));
  socket.on('error', () => undefined);
  const timer = setInterval(() => socket.writable && socket.write('A'), 200);
  socket.once('close', () => clearInterval(timer));
  return { socket, answer: () => answer.split('\r\n')[0] };
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`headless uploads cannot be held (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-held-'));
  const s = scenario(() => ({ env: { UPLOADS_DIR: dir } }));
  let server: Server;

  beforeAll(async () => {
    const sharp = (await import('sharp')).default;
    png = (
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#33c' } })
        .png()
        .toBuffer()
    ).toString('base64');
    for (const id of [4101, 4102, 4103]) await s.enrol(id);
    server = s.t.app.getHttpServer() as Server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('two slow uploads of one token: a third customer’s upload is answered at once; a third of theirs is 429', async () => {
    const slowToken = await tokenFor(s.t, s.shop, 4101);
    const slow = [await trickle(server, slowToken), await trickle(server, slowToken)];
    try {
      await heldBy(slow, slowToken);
    } finally {
      slow.forEach((t) => t.socket.destroy());
    }
  });

  async function heldBy(slow: Trickle[], slowToken: string): Promise<void> {
    await settle(500);
    const started = Date.now();
    const other = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/upload`)
      .set(bearer(await tokenFor(s.t, s.shop, 4102)))
      .send(body())
      .timeout(10_000);
    expect(other.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5000);
    // A third upload of the customer who holds two: refused before its body is read.
    const third = await s.t.http().post(`${HEADLESS}/customer/earn/upload`).set(bearer(slowToken)).send(body());
    expect([third.status, third.headers['retry-after'], third.text]).toEqual([429, '5', '']);
    expect(slow.map((t) => t.answer())).toEqual(['', '']);
    // Once one of theirs is gone, they may upload again.
    slow[0].socket.destroy();
    await settle(200);
    await s.t.http().post(`${HEADLESS}/customer/earn/upload`).set(bearer(slowToken)).send(body()).expect(200);
  }
});

describe(`headless upload quotas (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-quota-'));
  const s = scenario(() => ({
    env: { UPLOADS_DIR: dir, UPLOAD_CUSTOMER_DAILY_FILES: '2', UPLOAD_SHOP_DAILY_FILES: '3' },
  }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const upload = async (id: number, images = 1) =>
    s.t
      .http()
      .post(`${HEADLESS}/customer/earn/upload`)
      .set(bearer(await tokenFor(s.t, s.shop, id)))
      .send({ images: Array.from({ length: images }, () => body().images[0]) });

  beforeAll(async () => {
    for (const id of [4201, 4202, 4203]) await s.enrol(id);
  });

  it('per customer, then per shop: 429 with Retry-After (the day’s window), no body', async () => {
    expect((await upload(4201, 2)).status).toBe(200);
    const overCustomer = await upload(4201);
    expect(overCustomer.status).toBe(429);
    expect(Number(overCustomer.headers['retry-after'])).toBeGreaterThan(86_000);
    expect((await upload(4202)).status).toBe(200);
    // The shop has stored 3 images today: another customer is refused too.
    const overShop = await upload(4203);
    expect([overShop.status, overShop.text]).toEqual([429, '']);
    expect(Number(overShop.headers['retry-after'])).toBeGreaterThan(86_000);
  });
});

describe(`headless upload byte quota (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-bytes-'));
  const s = scenario(() => ({ env: { UPLOADS_DIR: dir, UPLOAD_CUSTOMER_DAILY_BYTES: '10' } }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a customer past their bytes of the day is refused 429; another customer is not', async () => {
    for (const id of [4301, 4302]) await s.enrol(id);
    const send = async (id: number) =>
      s.t
        .http()
        .post(`${HEADLESS}/customer/earn/upload`)
        .set(bearer(await tokenFor(s.t, s.shop, id)))
        .send(body());
    expect((await send(4301)).status).toBe(200);
    expect((await send(4301)).status).toBe(429);
    expect((await send(4302)).status).toBe(200);
  });
});
