import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';

const COMMITTED = join(__dirname, '..', '..', 'openapi.json');

/** Clients are generated from the committed openapi.json: it must be what the service serves. */
describe(`OpenAPI: the committed openapi.json (${defaultStoreKind()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is the document served at /docs/json (else: npm run openapi:write, and commit it)', async () => {
    const served = (await t.http().get('/docs/json').expect(200)).body;
    const committed = JSON.parse(readFileSync(COMMITTED, 'utf8'));
    const differing = [...new Set([...Object.keys(served.paths), ...Object.keys(committed.paths)])].filter(
      (path) => JSON.stringify(served.paths[path]) !== JSON.stringify(committed.paths[path]),
    );
    const hint = 'openapi.json differs from the served document: run `npm run openapi:write` and commit openapi.json';
    expect({ hint, differingPaths: differing }).toEqual({ hint, differingPaths: [] });
    expect({ hint, same: JSON.stringify(served) === JSON.stringify(committed) }).toEqual({ hint, same: true });
  });

  it('is the same on every build: no timestamps, the same order', async () => {
    const again = (await t.http().get('/docs/json').expect(200)).text;
    const other = await createTestApp();
    try {
      expect((await other.http().get('/docs/json').expect(200)).text).toBe(again);
    } finally {
      await other.close();
    }
  });
});
