import { createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, TestApp, auth, expectError, expectRefusal, OPERATOR_TOKEN } from '../support/test-app';
import { shopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { signingKeyPem } from './signing-key';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { checkExport } from '../../src/audit/cli/check.cli';
import { sha256 } from '../../src/audit/domain/export-chain';
import { stableStringify } from '../../src/shared/domain/ids';
import { keyIdOf } from '../../src/audit/credentials/audit-signing-key';

/**
 * The tamper-evident export, downloaded over HTTP as an auditor would, then checked the way
 * `loyalty audit check` checks a file: intact it passes; each kind of tampering is caught at the
 * first line it touches.
 */
describe(`tamper-evident export (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  let auditKey: string;
  let publicKeyPem: string;
  let lines: string[];
  const dir = mkdtempSync(join(tmpdir(), 'audit-export-'));
  let n = 0;

  /** Writes lines to a file and checks it with the service's published key. */
  const check = async (content: string[] | string, keyPem = publicKeyPem) => {
    const file = join(dir, `export-${++n}.ndjson`);
    writeFileSync(file, typeof content === 'string' ? content : content.map((l) => `${l}\n`).join(''));
    return checkExport(file, createPublicKey(keyPem));
  };

  beforeAll(async () => {
    // A PostgreSQL service signs with the key it is given (only the embedded store makes its own).
    t = await createTestApp({ env: { AUDIT_SIGNING_KEY: signingKeyPem() } });
    shop = await t.shop();
    other = await t.shop();
    for (const id of [501, 502]) await t.enrol(shop, id);
    await t.enrol(other, 501);
    const merchant = shopClient(t, shop);
    await merchant.award(501, 120);
    await merchant.award(502, 75);
    await merchant.award(501, 30);
    await merchant.deduct(501, 40);
    auditKey = (
      await t
        .http()
        .post(`/admin/api/shops/${shop.shopId}/audit-keys`)
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .send({ label: 'auditor' })
        .expect(201)
    ).body.data.key;
    const key = await t.http().get('/audit/public-key').expect(200);
    expect(key.headers['content-type']).toMatch(/application\/x-pem-file/);
    publicKeyPem = key.text;
    expect(key.headers['x-audit-key-id']).toBe(keyIdOf(createPublicKey(publicKeyPem)));
    const download = await t
      .http()
      .get('/rest_api/v2/audit/export')
      .set('X-Svc-Loyalty-Audit-Key', auditKey)
      .expect(200);
    expect(download.headers['content-type']).toMatch(/application\/x-ndjson/);
    expect(download.headers['content-disposition']).toContain(`audit-${shop.shopId}.ndjson`);
    lines = linesOf(download.text);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const parsed = () => lines.map((l) => JSON.parse(l));
  /** GET /audit/export with `query`, as the auditor (the audit key) unless other credentials are given. */
  const exportOf = (query: object, credentials?: Record<string, string>) =>
    t
      .http()
      .get('/rest_api/v2/audit/export')
      .query(query)
      .set(credentials ?? { 'X-Svc-Loyalty-Audit-Key': auditKey });
  const linesOf = (text: string) => text.trimEnd().split('\n');

  it("holds the shop's events in log order, each line canonical and chained, then a signed manifest", async () => {
    const rows = parsed();
    const events = rows.slice(0, -1);
    const manifest = rows[rows.length - 1];
    // Only this shop's events: the other shop's customer is not there.
    expect(events.every((e) => e.data.shopId === shop.shopId)).toBe(true);
    const types = events.map((e) => e.type);
    expect(types.filter((x) => x === 'customer.enrolled.v1')).toHaveLength(2);
    expect(types.filter((x) => x === 'points.awarded.v1')).toHaveLength(3);
    expect(types).toContain('points.deducted.v1');
    expect(types).toContain('shop.provisioned.v1');
    // Canonical JSON: every line is exactly its sorted-keys serialisation.
    for (const line of lines) expect(line).toBe(stableStringify(JSON.parse(line)));
    events.forEach((e, i) => {
      expect(e.seq).toBe(i + 1);
      expect(e.prevHash).toBe(i === 0 ? '0'.repeat(64) : events[i - 1].hash);
      const { hash, ...rest } = e;
      expect(hash).toBe(sha256(stableStringify(rest)));
    });
    expect(manifest).toMatchObject({
      kind: 'manifest',
      format: 'loyalty-audit-export/1',
      shopId: shop.shopId,
      customerId: null,
      from: null,
      to: null,
      count: events.length,
      firstPosition: events[0].position,
      lastPosition: events[events.length - 1].position,
      finalHash: events[events.length - 1].hash,
      keyId: keyIdOf(createPublicKey(publicKeyPem)),
      signatureAlgorithm: 'ed25519',
      signature: expect.any(String),
    });
    expect(await check(lines)).toMatchObject({ ok: true, count: events.length });
  });

  it('a changed digit is caught at its line', async () => {
    const i = parsed().findIndex((e) => e.type === 'points.awarded.v1' && e.data.points === 120);
    const tampered = [...lines];
    tampered[i] = tampered[i].replace('"points":120', '"points":920');
    expect(tampered[i]).not.toBe(lines[i]);
    expect(await check(tampered)).toMatchObject({ ok: false, line: i + 1, problem: expect.stringContaining('hash') });
  });

  it('a changed digit with its hash recomputed is caught at the next line', async () => {
    const i = parsed().findIndex((e) => e.type === 'points.awarded.v1' && e.data.points === 75);
    expect(i).toBeLessThan(lines.length - 2);
    const row = JSON.parse(lines[i]);
    row.data.points = 7;
    const { hash: _old, ...rest } = row;
    const tampered = [...lines];
    tampered[i] = stableStringify({ ...rest, hash: sha256(stableStringify(rest)) });
    expect(await check(tampered)).toMatchObject({
      ok: false,
      line: i + 2,
      problem: expect.stringContaining('prevHash'),
    });
  });

  it('a removed line is caught where it was', async () => {
    const tampered = lines.filter((_, i) => i !== 3);
    expect(await check(tampered)).toMatchObject({ ok: false, line: 4 });
  });

  it('a removed last event is caught at the manifest', async () => {
    const tampered = lines.filter((_, i) => i !== lines.length - 2);
    expect(await check(tampered)).toMatchObject({
      ok: false,
      line: lines.length - 1,
      problem: expect.stringContaining('manifest'),
    });
  });

  it('a reordered line is caught at the first line out of place', async () => {
    const tampered = [...lines];
    [tampered[2], tampered[5]] = [tampered[5], tampered[2]];
    expect(await check(tampered)).toMatchObject({ ok: false, line: 3 });
  });

  it('a truncated file is caught: cut inside a line, or between lines (no manifest)', async () => {
    const text = lines.map((l) => `${l}\n`).join('');
    const cutInside = text.slice(0, text.indexOf(lines[4]) + 50);
    expect(await check(cutInside)).toMatchObject({ ok: false, line: 5, problem: expect.stringContaining('JSON') });
    expect(await check(lines.slice(0, 6))).toMatchObject({
      ok: false,
      line: 7,
      problem: expect.stringContaining('without a manifest'),
    });
    expect(await check('')).toMatchObject({ ok: false, line: 1 });
  });

  it('a forged manifest is caught: edited, re-signed with another key, or claiming another key', async () => {
    const manifest = JSON.parse(lines[lines.length - 1]);
    const events = lines.slice(0, -1);
    // Edited: one event fewer claimed.
    const edited = stableStringify({ ...manifest, count: manifest.count - 1 });
    expect(await check([...events, edited])).toMatchObject({ ok: false, line: lines.length });

    // The whole file rewritten (an award lowered, the chain recomputed) with a manifest signed by a
    // forger's key under the service's key id: the chain is consistent, the signature is not.
    const forger = generateKeyPairSync('ed25519');
    const rows = parsed().slice(0, -1);
    let prev = '0'.repeat(64);
    const rewritten = rows.map((row) => {
      const { hash: _h, ...rest } = row;
      if (rest.type === 'points.awarded.v1' && rest.data.points === 120) rest.data = { ...rest.data, points: 12 };
      rest.prevHash = prev;
      prev = sha256(stableStringify(rest));
      return stableStringify({ ...rest, hash: prev });
    });
    const { signature: _s, ...unsigned } = { ...manifest, finalHash: prev };
    /** The manifest line with `fields`, signed as the service signs it but with the forger's key. */
    const forgedManifest = (fields: object) =>
      stableStringify({
        ...fields,
        signature: sign(null, Buffer.from(stableStringify(fields)), forger.privateKey).toString('base64'),
      });
    const refusedAt = (problem: unknown) => ({ ok: false, line: lines.length, problem });
    expect(await check([...rewritten, forgedManifest(unsigned)])).toMatchObject(
      refusedAt('the manifest signature is not valid'),
    );
    // The same, naming the forger's key: the checker trusts only the service's key.
    const forgerKeyId = keyIdOf(forger.publicKey);
    const claimed = forgedManifest({ ...unsigned, keyId: forgerKeyId });
    expect(await check([...rewritten, claimed])).toMatchObject(refusedAt(expect.stringContaining(forgerKeyId)));
    // And a line added after the manifest.
    expect(await check([...lines, lines[0]])).toMatchObject({ ok: false, line: lines.length + 1 });
  });

  it("one customer's stream, or a time window, is its own signed export", async () => {
    const one = linesOf((await exportOf({ customerId: '501' }).expect(200)).text);
    const rows = one.map((l) => JSON.parse(l));
    const manifest = rows.pop();
    expect(rows.map((r) => [r.type, r.revision])).toEqual([
      ['customer.enrolled.v1', '0'],
      ['points.awarded.v1', '1'],
      ['points.awarded.v1', '2'],
      ['points.deducted.v1', '3'],
    ]);
    expect(manifest).toMatchObject({ customerId: rows[0].data.customerId, count: 4 });
    expect(await check(one)).toMatchObject({ ok: true, count: 4 });

    const all = parsed().slice(0, -1);
    const from = all.find((e) => e.type === 'points.awarded.v1').data.occurredAt;
    const windowed = linesOf((await exportOf({ from }, auth(shop)).expect(200)).text);
    const kept = windowed.slice(0, -1).map((l) => JSON.parse(l));
    expect(kept.length).toBe(all.filter((e) => e.data.occurredAt >= from).length);
    expect(kept[0].type).toBe('points.awarded.v1');
    expect(JSON.parse(windowed[windowed.length - 1])).toMatchObject({ from, to: null, count: kept.length });
    expect(await check(windowed)).toMatchObject({ ok: true });
  });

  it('errors: unknown customer 404, bad window 400 naming the field, no credentials 401', async () => {
    await expectRefusal(exportOf({ customerId: '999999' }), 'NOT_FOUND', 404);
    const bad = await expectRefusal(exportOf({ to: 'yesterday' }, auth(shop)), 'BAD_REQUEST', 400);
    expect(bad.field).toBe('to');
    expectError((await t.http().get('/rest_api/v2/audit/export').expect(401)).body, 'UNAUTHORIZED', 401);
  });
});
