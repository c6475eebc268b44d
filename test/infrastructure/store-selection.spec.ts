import request from 'supertest';
import { AppConfig } from '../../src/config/app-config';
import { createHttpApp } from '../../src/app.factory';
import { openStorage } from '../../src/infrastructure/storage';
import { StoreUnavailableError } from '../../src/infrastructure/store-errors/store-unavailable.error';
import { testConfig } from '../support/stores';

describe('store selection (EVENT_STORE, READ_STORE)', () => {
  /** Every store embedded and in memory (PGlite), but for what `env` selects. */
  const inMemory = (env: Record<string, string> = {}) => testConfig({ LOYALTY_IN_MEMORY: 'true', ...env });
  /** Addresses where nothing listens: a store selected there is out of reach. */
  const UNREACHABLE_ESDB = 'esdb://127.0.0.1:1?tls=false';
  const UNREACHABLE_MONGO = 'mongodb://127.0.0.1:1/loyalty?serverSelectionTimeoutMS=300';

  it('defaults follow DATABASE_URL as before', () => {
    expect(new AppConfig({})).toMatchObject({ eventStoreKind: 'pglite', readStoreKind: 'pglite' });
    expect(new AppConfig({ DATABASE_URL: 'postgres://h/db' })).toMatchObject({
      eventStoreKind: 'postgres',
      readStoreKind: 'postgres',
    });
    expect(
      new AppConfig({
        EVENT_STORE: 'eventstoredb',
        ESDB_URL: 'esdb://h:2113?tls=false',
        READ_STORE: 'mongodb',
        MONGO_URL: 'mongodb://h/x',
      }),
    ).toMatchObject({ eventStoreKind: 'eventstoredb', readStoreKind: 'mongodb', databaseUrl: null });
  });

  it('refuses unknown kinds and a kind without its URL, naming the variable', () => {
    expect(() => new AppConfig({ EVENT_STORE: 'mongodb' })).toThrow(
      'EVENT_STORE must be one of postgres, pglite, eventstoredb (got "mongodb")',
    );
    expect(() => new AppConfig({ READ_STORE: 'redis' })).toThrow('READ_STORE must be one of postgres, pglite, mongodb');
    expect(() => new AppConfig({ EVENT_STORE: 'eventstoredb' })).toThrow('ESDB_URL is required');
    expect(() => new AppConfig({ READ_STORE: 'mongodb' })).toThrow('MONGO_URL is required');
    expect(() => new AppConfig({ READ_STORE: 'postgres' })).toThrow('DATABASE_URL is required');
  });

  it('the embedded directory is locked whenever PGlite is used (the outbox lives there without DATABASE_URL)', () => {
    expect(new AppConfig({}).usesEmbeddedStore).toBe(true);
    expect(new AppConfig({ DATABASE_URL: 'postgres://h/db' }).usesEmbeddedStore).toBe(false);
    expect(new AppConfig({ DATABASE_URL: 'postgres://h/db', READ_STORE: 'pglite' }).usesEmbeddedStore).toBe(true);
    const esdb = {
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: 'esdb://h:2113?tls=false',
      READ_STORE: 'mongodb',
      MONGO_URL: 'mongodb://h/x',
    };
    expect(new AppConfig(esdb).usesEmbeddedStore).toBe(true);
    expect(new AppConfig({ ...esdb, DATABASE_URL: 'postgres://h/db' }).usesEmbeddedStore).toBe(false);
  });

  it('only everything-in-PGlite is the embedded start (demo shop, loopback webhooks allowed by default)', () => {
    const esdb = {
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: 'esdb://h:2113?tls=false',
      READ_STORE: 'mongodb',
      MONGO_URL: 'mongodb://h/x',
    };
    expect(new AppConfig({})).toMatchObject({ embedded: true, webhooks: { allowLoopback: true } });
    expect(new AppConfig(esdb)).toMatchObject({ embedded: false, webhooks: { allowLoopback: false } });
    expect(new AppConfig({ DATABASE_URL: 'postgres://h/db' })).toMatchObject({
      embedded: false,
      webhooks: { allowLoopback: false },
    });
    expect(new AppConfig({ ...esdb, WEBHOOK_ALLOW_LOOPBACK: 'true' }).webhooks.allowLoopback).toBe(true);
  });

  it('embedded: events and read models in PGlite, /ready checks both', async () => {
    const storage = await openStorage(inMemory());
    try {
      expect(storage.describe).toBe(
        'events: pglite (memory), read models: pglite (memory), webhook outbox: pglite (memory)',
      );
      expect(storage.probes.map((p) => p.name)).toEqual(['eventStore', 'readStore', 'personalDataKeys']);
    } finally {
      await storage.close();
    }
  });

  it('EventStoreDB out of reach: the service starts with the real client, /ready says eventStore is down (503)', async () => {
    const config = inMemory({ EVENT_STORE: 'eventstoredb', ESDB_URL: UNREACHABLE_ESDB });
    const storage = await openStorage(config);
    expect(storage.describe).toBe(
      'events: eventstoredb, read models: pglite (memory), webhook outbox: pglite (memory)',
    );
    expect(storage.probes.map((p) => p.name)).toEqual(['eventStore', 'readStore', 'personalDataKeys']);
    // The real client's own failure (a raw gRPC UNAVAILABLE on appends) is recognised.
    await expect(
      storage.eventStore.appendToStream(
        'shop-x',
        [{ id: '2d1b6a8e-0c39-4c49-9d0e-6b2f2bb3c6a1', type: 't', data: {} }],
        'no_stream',
      ),
    ).rejects.toBeInstanceOf(StoreUnavailableError);
    const app = await createHttpApp({ config, storage });
    await app.init();
    try {
      const ready = await request(app.getHttpServer()).get('/ready').expect(503);
      expect(ready.body).toMatchObject({
        status: 'error',
        info: { readStore: { status: 'up' } },
        error: { eventStore: { status: 'down', message: expect.stringContaining('EventStoreDB is unavailable') } },
      });
    } finally {
      await app.close();
    }
  });

  it('MongoDB out of reach at start: opening the stores fails with StoreUnavailableError, nothing left open', async () => {
    const config = inMemory({ READ_STORE: 'mongodb', MONGO_URL: UNREACHABLE_MONGO });
    await expect(openStorage(config)).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
