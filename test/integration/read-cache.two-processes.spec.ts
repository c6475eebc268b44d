import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { createTestApp, TestApp, auth } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * Customer and shop documents are served from each process's memory (DocumentCache). A write is
 * read back at once from the process that answered it, and another process serves it once its own
 * projections have applied it: no process keeps serving a document it has cached after a write
 * elsewhere. On PostgreSQL the second process is a second service instance on the same database.
 */
describe(`read cache across processes (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let a: INestApplication;
  let b: INestApplication;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    a = t.app;
    b = defaultStoreKind() === 'postgres' ? await t.secondInstance() : t.app;
  });
  afterAll(() => t.close());

  const point = async (app: INestApplication, platformId: number): Promise<number> =>
    (
      await request(app.getHttpServer())
        .get(`/rest_api/v2/customers/external/${platformId}`)
        .set(auth(shop))
        .expect(200)
    ).body.data.point;
  const award = (app: INestApplication, platformId: number, points: number) =>
    request(app.getHttpServer())
      .post('/rest_api/v2/transactions/points/award')
      .set(auth(shop))
      .send({ platformCustomerId: String(platformId), point: points })
      .expect(200);
  /** The balance a process serves, once it differs from `was` (or `was` after 5 s). */
  const pointOnceChanged = async (app: INestApplication, platformId: number, was: number): Promise<number> => {
    const until = Date.now() + 5000;
    let seen = await point(app, platformId);
    while (seen === was && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      seen = await point(app, platformId);
    }
    return seen;
  };

  it('a write is read back at once from the process that answered it, and the other process follows', async () => {
    await t.enrol(shop, 501);
    // Both processes have the document in memory now.
    expect(await point(a, 501)).toBe(0);
    expect(await point(b, 501)).toBe(0);

    await award(a, 501, 25);
    expect(await point(a, 501)).toBe(25);
    expect(await pointOnceChanged(b, 501, 0)).toBe(25);

    await award(b, 501, 5);
    expect(await point(b, 501)).toBe(30);
    expect(await pointOnceChanged(a, 501, 25)).toBe(30);
  });

  it('every process serves the document the log ends with after interleaved writes from both', async () => {
    await t.enrol(shop, 502);
    await point(a, 502);
    await point(b, 502);

    await Promise.all(Array.from({ length: 20 }, (_, i) => award(i % 2 ? a : b, 502, 1)));

    // Each process answered its own awards after applying them; the other's may still be on their way.
    for (const app of [a, b]) {
      let seen = await point(app, 502);
      for (let tries = 0; seen < 20 && tries < 200; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        seen = await point(app, 502);
      }
      expect(seen).toBe(20);
    }
  });
});

/** Without the cache every process reads the shared store, which the answering process wrote before it answered. */
describe(`READ_CACHE_DOCUMENTS=0 across processes (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let b: INestApplication;

  beforeAll(async () => {
    t = await createTestApp({ env: { READ_CACHE_DOCUMENTS: '0' } });
    shop = await t.shop();
    b = defaultStoreKind() === 'postgres' ? await t.secondInstance() : t.app;
  });
  afterAll(() => t.close());

  it('a write answered by one process is read back at once from the other', async () => {
    await t.enrol(shop, 601);
    const point = async () =>
      (await request(b.getHttpServer()).get('/rest_api/v2/customers/external/601').set(auth(shop)).expect(200)).body
        .data.point;
    expect(await point()).toBe(0);

    for (const expected of [7, 14, 21]) {
      await request(t.app.getHttpServer())
        .post('/rest_api/v2/transactions/points/award')
        .set(auth(shop))
        .send({ platformCustomerId: '601', point: 7 })
        .expect(200);
      expect(await point()).toBe(expected);
    }
  });
});
