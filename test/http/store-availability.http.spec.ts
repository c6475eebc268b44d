import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { MongoNetworkError } from 'mongodb';
import { UnavailableError } from '@eventstore/db-client';
import { createHttpApp } from '../../src/app.factory';
import { EsdbEventStore } from '../../src/infrastructure/event-store/esdb-event-store.adapter';
import { MongoReadStore } from '../../src/infrastructure/read-store/mongo-read-store.adapter';
import { Storage } from '../../src/infrastructure/storage';
import { openTestStorage, TestStorage } from '../support/stores';
import { EsdbClientDouble } from '../support/esdb-client-double';
import { MingoDb } from '../support/mingo-mongo';
import { auth, expectError, OPERATOR_TOKEN } from '../support/test-app';

/**
 * A store that cannot be reached is a 503 the client can retry, never a 500 or a crash, and
 * /ready says which store is down. EventStoreDB through a client double whose server is unreachable;
 * MongoDB through the adapter over mingo with its connection lost.
 */
describe('stores out of reach', () => {
  let store: TestStorage;
  let app: INestApplication | null = null;
  const start = async (storage: Storage) => {
    app = await createHttpApp({ config: store.config, storage });
    await app.init();
    return () => request(app!.getHttpServer());
  };
  beforeEach(async () => {
    store = await openTestStorage('pglite');
  });
  afterEach(async () => {
    await app?.close();
    app = null;
    await store.cleanup();
  });

  it('EventStoreDB unreachable: writes answer 503 SERVICE_UNAVAILABLE with Retry-After, outcome unknown; /ready reports eventStore down', async () => {
    const client = new EsdbClientDouble();
    client.appendAnswer = async () => {
      throw new UnavailableError();
    };
    client.allAnswer = () => new UnavailableError();
    client.onSubscribe = (s) => s.emit('error', new UnavailableError());
    const sql = store.storage.eventStore;
    const eventStore = new EsdbEventStore(client.asClient(), {
      checkpoints: {
        read: (n) => sql.readCheckpoint(n),
        store: (n, p) => sql.storeCheckpoint(n, p),
        storeMany: (all) => sql.storeCheckpoints(all),
      },
    });
    const http = await start({
      ...store.storage,
      eventStore,
      probes: [{ name: 'eventStore', ping: () => eventStore.ping() }, store.storage.probes[1]],
    });
    const res = await http()
      .post('/admin/api/shops')
      .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
      .send({ domain: 'down.example.com', plan: 'ultimate', currency: 'USD' })
      .expect(503);
    expectError(res.body, 'SERVICE_UNAVAILABLE', 503);
    expect(res.headers['retry-after']).toBe('2');
    // The append itself failed: whether the server stored it is not known, so the answer says so.
    expect(res.body.error.message).toMatch(
      /^EventStoreDB became unavailable while a change was being committed: its outcome is unknown/,
    );
    const ready = await http().get('/ready').expect(503);
    expect(ready.body).toMatchObject({
      status: 'error',
      info: { readStore: { status: 'up' } },
      error: {
        eventStore: { status: 'down', message: expect.stringContaining('EventStoreDB is unavailable') },
        projections: { status: 'down' },
      },
    });
    // The process is still serving.
    await http().get('/health').expect(200);
  });

  it('MongoDB connection lost: reads answer 503 SERVICE_UNAVAILABLE with Retry-After, /ready reports readStore down, and recover', async () => {
    const db = new MingoDb();
    const readStore = new MongoReadStore(db, { log: 'test' });
    const http = await start({
      ...store.storage,
      readStore,
      probes: [store.storage.probes[0], { name: 'readStore', ping: () => readStore.ping() }],
    });
    const shop = (
      await http()
        .post('/admin/api/shops')
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .send({ domain: 'mongo.example.com', plan: 'ultimate', currency: 'USD' })
        .expect(201)
    ).body.data;
    await http().get('/rest_api/v2/customers').set(auth(shop)).expect(200);
    expect((await http().get('/ready').expect(200)).body.info).toMatchObject({
      eventStore: { status: 'up' },
      readStore: { status: 'up' },
    });
    db.failWith = new MongoNetworkError('connect ECONNREFUSED 127.0.0.1:27017');
    const down = await http().get('/rest_api/v2/customers').set(auth(shop)).expect(503);
    expectError(down.body, 'SERVICE_UNAVAILABLE', 503);
    expect(down.headers['retry-after']).toBe('2');
    expect(down.body.error.message).toBe(
      'MongoDB is unavailable; retry later (a write with the same Idempotency-Key or webhook id)',
    );
    expect((await http().get('/ready').expect(503)).body.error.readStore).toMatchObject({ status: 'down' });
    db.failWith = null;
    await http().get('/rest_api/v2/customers').set(auth(shop)).expect(200);
  });
});
