import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/** Every file under `root`, recursively, whose bytes contain `needle` (as UTF-8), relative to root. */
function filesHolding(root: string, needle: string): string[] {
  const bytes = Buffer.from(needle, 'utf8');
  const holding: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && readFileSync(path).includes(bytes)) holding.push(path.slice(root.length + 1));
    }
  };
  walk(root);
  return holding;
}

/**
 * The embedded store on disk (DATA_DIR, as a backup copies it): within the compaction window after
 * customers/redact, no file of the data directory holds the customer's email, name, phone, address or
 * note: not the tables' dead row versions, not an index, not the write-ahead log.
 */
describe('customers/redact on the embedded store: the data directory forgets (pglite on disk)', () => {
  let t: TestApp;
  let s: ShopClient;
  const dataDir = mkdtempSync(join(tmpdir(), 'erasure-disk-'));
  const tag = randomUUID().slice(0, 8);
  const email = `dora.${tag}@example.com`;
  const firstName = `Dora${tag}`;
  const lastName = `Quill${tag}`;
  const phone = `+1555${tag.replace(/\D/g, '').padEnd(7, '7').slice(0, 7)}`;
  const street = `${tag} Juniper Lane`;
  const note = `met Dora ${tag} at the fair`;
  const ID = 9301;

  beforeAll(async () => {
    t = await createTestApp({
      kind: 'pglite',
      env: { LOYALTY_IN_MEMORY: 'false', DATA_DIR: dataDir, ERASURE_COMPACTION_SECONDS: '1' },
    });
    s = shopClient(t, await t.shop());
  }, 120_000);
  afterAll(async () => {
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('within the window no file holds the email, name, phone, address or note; before it they were there', async () => {
    await s
      .platform('customers/create', { id: ID, email, first_name: firstName, last_name: lastName, phone })
      .expect(200);
    await s.award(ID, 50, { adminNote: note });
    await s
      .platform('orders/paid', {
        id: 93001,
        name: '#93001',
        customer: { id: ID, email, first_name: firstName },
        total_price: '30.00',
        currency: 'USD',
        line_items: [],
        shipping_address: { name: `${firstName} ${lastName}`, address1: street, phone },
      })
      .expect(200);
    const token = await tokenFor(t, s.shop, ID, email);
    await t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200);
    await s.post(`/privacy/customers/external/${ID}/data-request`, {}).expect(200);
    // The store's files hold them now (after a checkpoint, as any backup would find them).
    await t.store.storage.sql.exec('CHECKPOINT');
    const values = { email, firstName, lastName, phone, street, note };
    for (const value of [email, firstName, phone]) expect(filesHolding(dataDir, value)).not.toEqual([]);

    await s.platform('customers/redact', { customer: { id: ID } }).expect(200);

    const remaining = async () =>
      Object.entries(values).flatMap(([name, value]) => filesHolding(dataDir, value).map((file) => `${name}: ${file}`));
    const until = Date.now() + 15_000;
    let found = await remaining();
    while (found.length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      found = await remaining();
    }
    expect(found).toEqual([]);
    // The figures are kept: the anonymised customer still holds their points.
    expect((await s.customer(ID)).point).toBe(50);
  }, 60_000);
});
