import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import sharp from 'sharp';
import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { LocalDiskObjectStorage } from '../../src/infrastructure/object-storage/local-disk-object-storage.adapter';
import { bearer, HEADLESS, tokenFor } from './headless-support';

const MB10 = 10 * 1024 * 1024;

/**
 * The local disk store, made to fail on its `failOn`-th file write (then counting from 0 again), or
 * to hold every batch until `release` is called (`waiting` counts the batches held).
 */
class TestDisk extends LocalDiskObjectStorage {
  failOn: number | null = null;
  held: Promise<void> | null = null;
  waiting = 0;
  private writes = 0;

  async putBatch(objects: Parameters<LocalDiskObjectStorage['putBatch']>[0]): Promise<void> {
    if (this.held) {
      this.waiting++;
      await this.held;
    }
    return super.putBatch(objects);
  }

  protected async writeFile(path: string, bytes: Buffer): Promise<void> {
    if (this.failOn !== null && ++this.writes === this.failOn) {
      this.writes = 0;
      throw new Error('ENOSPC: no space left on device');
    }
    return super.writeFile(path, bytes);
  }
}

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Noise, so that a JPEG of it is large and every pixel matters. */
function pixels(width: number, height: number): sharp.Sharp {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 7919 + (i >> 5) * 31) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A camera's JPEG: EXIF with a GPS position. */
const photo = () =>
  pixels(320, 200)
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' } })
    .toBuffer();
const screenshot = () => pixels(120, 80).png().toBuffer();

const image = (bytes: Buffer, imageType = 'image/jpeg', imageName = 'receipt.jpg') => ({
  imageBase64: bytes.toString('base64'),
  imageName,
  imageType,
});

describe(`headless POST /customer/earn/upload (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-'));
  const disk = new TestDisk(dir);
  const s = scenario(() => ({ env: { UPLOADS_DIR: dir }, objectStorage: disk }));
  let token: string;
  let jpeg: Buffer;
  let png: Buffer;
  const upload = (images: unknown, as = token) =>
    s.t.http().post(`${HEADLESS}/customer/earn/upload`).set(bearer(as)).send({ images });
  const refused = async (images: unknown, field: string) => {
    const before = filesUnder(dir);
    const res = await upload(images).expect(400);
    expect(expectError(res.body, 'INVALID_INPUT', 400).field).toBe(field);
    expect(filesUnder(dir)).toEqual(before);
  };
  const fetchUrl = (url: string) => s.t.http().get(new URL(url).pathname);

  beforeAll(async () => {
    await s.enrol(2001);
    await s.enrol(2002);
    token = await tokenFor(s.t, s.shop, 2001);
    [jpeg, png] = await Promise.all([photo(), screenshot()]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps a JPEG and a PNG, re-encoded without their metadata; answers their URLs, served read-only', async () => {
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const res = await upload([image(jpeg), image(png, 'image/png', 'shot.png')]).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { urls } = expectSuccess(res.body);
    const customerId = (await s.customer(2001)).id;
    const path = `/uploads/${s.shop.shopId}/${customerId}/`;
    expect(urls).toEqual([
      expect.stringMatching(new RegExp(`^http://localhost:\\d+${path}[0-9a-f]{32}\\.jpg$`)),
      expect.stringMatching(new RegExp(`^http://localhost:\\d+${path}[0-9a-f]{32}\\.png$`)),
    ]);
    expect(filesUnder(dir)).toEqual(expect.arrayContaining(urls.map((u: string) => new URL(u).pathname.slice(9))));

    const served = await fetchUrl(urls[0]).expect(200);
    expect(served.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const kept = await sharp(served.body as Buffer).metadata();
    expect(kept).toMatchObject({ format: 'jpeg', width: 320, height: 200 });
    expect(kept.exif).toBeUndefined();
    const servedPng = await fetchUrl(urls[1]).expect(200);
    expect(servedPng.headers['content-type']).toBe('image/png');
    expect(await sharp(servedPng.body as Buffer).metadata()).toMatchObject({ format: 'png', width: 120, height: 80 });
  });

  it('a truncated JPEG is INVALID_INPUT, and nothing of its batch is kept', async () => {
    await refused([image(png, 'image/png'), image(jpeg.subarray(0, jpeg.length - 200))], 'images[1].imageBase64');
  });

  it('a PNG declared as a JPEG is INVALID_INPUT', async () => {
    await refused([image(png, 'image/jpeg')], 'images[0].imageBase64');
  });

  it('10 MB is the most an image may be: one byte more is INVALID_INPUT', async () => {
    const padded = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    await refused([image(padded(MB10 + 1))], 'images[0].imageBase64');
    const res = await upload([image(padded(MB10))]).expect(200);
    expect(expectSuccess(res.body).urls).toHaveLength(1);
  });

  it.each([
    ['six images', () => Array.from({ length: 6 }, () => image(png, 'image/png')), 'images'],
    ['no image', () => [], 'images'],
    ['no images field', () => undefined, 'images'],
    ['a GIF', () => [image(png, 'image/gif')], 'images[0].imageType'],
    ['no name', () => [{ ...image(png, 'image/png'), imageName: '' }], 'images[0].imageName'],
    [
      'text that is not base64',
      () => [{ ...image(png, 'image/png'), imageBase64: 'not base64!' }],
      'images[0].imageBase64',
    ],
  ])('%s: 400 INVALID_INPUT naming the field', async (_, images, field) => {
    await refused(images(), field);
  });

  it('when the store fails on a file of the batch: 400 UPLOAD_FAILED and no image of the batch is kept', async () => {
    const before = filesUnder(dir);
    disk.failOn = 3;
    try {
      const res = await upload([image(jpeg), image(png, 'image/png'), image(jpeg)]).expect(400);
      expectError(res.body, 'UPLOAD_FAILED', 400);
    } finally {
      disk.failOn = null;
    }
    expect(filesUnder(dir)).toEqual(before);
  });

  it('two uploads are handled at once; a third waits (its body read) until one is answered', async () => {
    await s.enrol(2003);
    // Three customers: one customer may have only two uploads under way.
    const tokens = [token, await tokenFor(s.t, s.shop, 2002), await tokenFor(s.t, s.shop, 2003)];
    let release!: () => void;
    disk.held = new Promise<void>((resolve) => (release = resolve));
    disk.waiting = 0;
    const calls = tokens.map((each) => upload([image(png, 'image/png')], each).then((res) => res.status));
    try {
      for (let i = 0; i < 100 && disk.waiting < 2; i++) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
      expect(disk.waiting).toBe(2);
    } finally {
      disk.held = null;
      release();
    }
    expect(await Promise.all(calls)).toEqual([200, 200, 200]);
    expect(disk.waiting).toBe(2);
  });

  it('another route keeps the usual body limit (413), and the upload needs a token (401, no body)', async () => {
    const big = { phone: '1'.repeat(200 * 1024) };
    const res = await s.t.http().patch(`${HEADLESS}/customer/profile`).set(bearer(token)).send(big).expect(413);
    expect(expectError(res.body, 'PAYLOAD_TOO_LARGE', 413).field).toBe('body');
    const anonymous = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/upload`)
      .send({ images: [image(png)] });
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe('');
  });

  it('serves nothing but a stored file: unknown keys, folders, `..` and other characters are 404', async () => {
    const { urls } = expectSuccess((await upload([image(png, 'image/png')]).expect(200)).body);
    const path = new URL(urls[0]).pathname;
    const folder = path.slice(0, path.lastIndexOf('/'));
    for (const probe of [
      `${folder}/${'0'.repeat(32)}.png`,
      folder,
      `${folder}/`,
      path.replace('.png', '.jpg'),
      path.toUpperCase(),
      `${folder}/..%2F..%2F${path.slice(path.lastIndexOf('/') + 1)}`,
      `/uploads/${s.shop.shopId}/..%2f/${path.slice(path.lastIndexOf('/') + 1)}`,
      `${path}.tmp`,
    ]) {
      const res = await s.t.http().get(probe);
      expect([probe, res.status]).toEqual([probe, 404]);
    }
  });

  it("a customer's uploads are erased with the customer; another customer's stay", async () => {
    const other = await tokenFor(s.t, s.shop, 2002);
    const customerId = (await s.customer(2001)).id;
    const mine = expectSuccess((await upload([image(png, 'image/png')]).expect(200)).body).urls[0];
    const theirs = expectSuccess((await upload([image(png, 'image/png')], other).expect(200)).body).urls[0];
    const request = await s.post('/privacy/customers/external/2001/data-request', {}).expect(200);
    const listed = request.body.data.document.uploads;
    expect(listed).toContainEqual({
      key: new URL(mine).pathname.slice(9),
      contentType: 'image/png',
      size: expect.any(Number),
    });
    expect(listed.every((u: { key: string }) => u.key.startsWith(`${s.shop.shopId}/${customerId}/`))).toBe(true);
    await s.platform('customers/redact', { shop_id: 1, customer: { id: 2001 } }).expect(200);
    await fetchUrl(mine).expect(404);
    await fetchUrl(theirs).expect(200);
    expect(filesUnder(dir).filter((file) => file.startsWith(`${s.shop.shopId}/${customerId}/`))).toEqual([]);
    // The erased customer's session ended with them: their token uploads nothing more.
    await upload([image(png, 'image/png')]).expect(401);
  });

  it("a shop's uploads are erased with the shop (shop/redact); another shop's stay", async () => {
    await s.enrol(2003);
    const staying = await tokenFor(s.t, s.shop, 2003);
    const kept = expectSuccess((await upload([image(png, 'image/png')], staying).expect(200)).body).urls[0];
    const other = await s.newShop();
    await other.enrol(3001);
    const theirToken = await tokenFor(s.t, other.shop, 3001);
    const theirs = expectSuccess((await upload([image(jpeg)], theirToken).expect(200)).body).urls[0];
    await fetchUrl(theirs).expect(200);
    await other.platform('shop/redact', { shop_id: 2 }).expect(200);
    await fetchUrl(theirs).expect(404);
    expect(filesUnder(dir).filter((file) => file.startsWith(`${other.shop.shopId}/`))).toEqual([]);
    await fetchUrl(kept).expect(200);
  });
});
