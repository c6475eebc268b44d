import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { toDataURL } from 'qrcode';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { bearer, HEADLESS, tokenFor } from './headless-support';
import {
  makePassCertificates,
  makeServiceAccountKey,
  sha1,
  TestPassCertificates,
  unzipPass,
  verifyPassSignature,
} from './wallet-pass-certificates';

const PASS_TYPE = 'pass.com.example.loyalty';
const TEAM = 'A1B2C3D4E5';
const SERVICE_ACCOUNT = 'wallet@loyalty-test.iam.gserviceaccount.com';
const ISSUER = '3388000000012345678';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** Reads a response as bytes, whatever its type. */
const binary = (res: any, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe(`headless wallet passes (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'wallet-uploads-'));
  const s = scenario({ env: { UPLOADS_DIR: dir, PUBLIC_URL: 'https://loyalty.example.com' } });
  const tokens: Record<number, string> = {};
  let certs: TestPassCertificates;
  const account = makeServiceAccountKey();
  const alphaSettings = () => ({
    passTypeIdentifier: PASS_TYPE,
    teamIdentifier: TEAM,
    organizationName: 'Example Shop',
    signerCertificate: certs.signerCertificate,
    signerKey: certs.signerKey,
    wwdrCertificate: certs.wwdrCertificate,
  });
  const betaSettings = {
    issuerId: ISSUER,
    classSuffix: 'loyalty',
    serviceAccountEmail: SERVICE_ACCOUNT,
    privateKey: account.privateKey,
  };
  const createAlpha = (id: number) => s.t.http().post(`${HEADLESS}/customer/wallet-pass/alpha`).set(bearer(tokens[id]));
  const verifyAlpha = (id: number) =>
    s.t.http().get(`${HEADLESS}/customer/wallet-pass/alpha/verify`).set(bearer(tokens[id]));
  const beta = (id: number) => s.t.http().get(`${HEADLESS}/customer/wallet-pass/beta`).set(bearer(tokens[id]));
  const me = async (id: number) =>
    (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(tokens[id])).expect(200)).body.data;
  const streamOf = async (id: number) =>
    s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, (await s.customer(id)).id));
  const download = (url: string) => s.t.http().get(new URL(url).pathname).buffer(true).parse(binary).expect(200);

  beforeAll(async () => {
    certs = makePassCertificates(PASS_TYPE, TEAM);
    await s.tier({ name: 'Gold', targetPoint: 100 });
    for (const id of [3001, 3002, 3003]) {
      await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
    }
    await s.award(3001, 150);
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(certs.dir, { recursive: true, force: true });
  });

  it('not configured: 502 ALPHA_PASS_GENERATION_FAILED and BETA_PASS_GENERATION_FAILED, nothing changed', async () => {
    const before = await streamOf(3001);
    const customerBefore = await me(3001);
    const alpha = await createAlpha(3001).expect(502);
    expect(alpha.body).toEqual({
      success: false,
      error: { code: 'ALPHA_PASS_GENERATION_FAILED', statusCode: 502, message: expect.any(String) },
      timestamp: expect.any(String),
    });
    expectError((await beta(3001).expect(502)).body, 'BETA_PASS_GENERATION_FAILED', 502);
    expect(await streamOf(3001)).toHaveLength(before.length);
    expect(await me(3001)).toEqual(customerBefore);
    expect(customerBefore).toMatchObject({ createdAlphaPass: false, qrCodeDownloadAlphaPass: null });
    expect(filesUnder(dir)).toEqual([]);
    expect(expectSuccess((await verifyAlpha(3001).expect(200)).body)).toEqual({ exists: false });
  });

  it('v2 settings take the certificates and the service account; keys are never answered', async () => {
    expect(expectSuccess((await s.get('/settings/wallet-passes').expect(200)).body)).toEqual({
      alpha: null,
      beta: null,
    });
    const res = await s.put('/settings/wallet-passes', { alpha: alphaSettings(), beta: betaSettings }).expect(200);
    const expected = {
      alpha: {
        passTypeIdentifier: PASS_TYPE,
        teamIdentifier: TEAM,
        organizationName: 'Example Shop',
        signerKeySet: true,
      },
      beta: { issuerId: ISSUER, classSuffix: 'loyalty', serviceAccountEmail: SERVICE_ACCOUNT, privateKeySet: true },
    };
    expect(expectSuccess(res.body)).toEqual(expected);
    const read = await s.get('/settings/wallet-passes').expect(200);
    expect(expectSuccess(read.body)).toEqual(expected);
    expect(JSON.stringify([res.body, read.body])).not.toContain('PRIVATE KEY');
    const shopStream = await s.t.store.storage.eventStore.readStream(`shop-${s.shop.shopId}`);
    expect(JSON.stringify(shopStream.map((e) => e.data))).not.toContain('PRIVATE KEY');
    expect(shopStream.at(-1)).toMatchObject({ type: 'shop.wallet-passes-set.v1', data: { alpha: 'set', beta: 'set' } });
    const bad = await s
      .put('/settings/wallet-passes', { alpha: { ...alphaSettings(), signerKey: 'not a key' } })
      .expect(400);
    expectError(bad.body, 'BAD_REQUEST', 400);
  });

  it('generates a signed pass: stored, served at url (PUBLIC_URL, whatever the Host), qrUrl a PNG of url', async () => {
    const res = await createAlpha(3001)
      .set({ Host: 'evil.attacker.test', 'X-Forwarded-Host': 'evil.attacker.test' })
      .expect(200);
    const customer = await s.customer(3001);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({
      success: true,
      data: { url: expect.any(String), qrUrl: expect.any(String) },
      meta: {},
      message: 'Wallet pass created',
      timestamp: expect.any(String),
    });
    const { url, qrUrl } = res.body.data;
    expect(url).toMatch(
      new RegExp(`^https://loyalty\\.example\\.com/uploads/${s.shop.shopId}/${customer.id}/[0-9a-f]{32}\\.pkpass$`),
    );
    expect(qrUrl).toMatch(/^data:image\/png;base64,/);
    expect(qrUrl).toBe(await toDataURL(url));
    expect(await me(3001)).toMatchObject({ createdAlphaPass: true, qrCodeDownloadAlphaPass: qrUrl });

    const served = await download(url);
    expect(served.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const files = unzipPass(served.body as Buffer);
    expect(Object.keys(files).sort()).toEqual(['icon.png', 'icon@2x.png', 'manifest.json', 'pass.json', 'signature']);
    const pass = JSON.parse(files['pass.json'].toString('utf8'));
    const view = await me(3001);
    expect(view.tier).toEqual({ id: expect.any(String), name: 'Gold' });
    expect(pass).toMatchObject({
      formatVersion: 1,
      passTypeIdentifier: PASS_TYPE,
      teamIdentifier: TEAM,
      organizationName: 'Example Shop',
      serialNumber: `${s.shop.shopId}-${customer.id}`,
      barcodes: [{ format: 'PKBarcodeFormatQR', message: customer.id, messageEncoding: 'iso-8859-1' }],
      storeCard: {
        primaryFields: [{ key: 'balance', label: 'Points', value: 150 }],
        secondaryFields: [{ key: 'tier', label: 'Tier', value: view.tier?.name ?? '' }],
      },
    });
    const manifest = JSON.parse(files['manifest.json'].toString('utf8'));
    expect(Object.keys(manifest).sort()).toEqual(['icon.png', 'icon@2x.png', 'pass.json']);
    for (const [name, hash] of Object.entries(manifest)) expect(hash).toBe(sha1(files[name]));
    expect(() => verifyPassSignature(files['manifest.json'], files.signature, certs.caFile)).not.toThrow();
    // A manifest changed after signing no longer verifies.
    expect(() => verifyPassSignature(Buffer.from('{}'), files.signature, certs.caFile)).toThrow();
    expect(expectSuccess((await verifyAlpha(3001).expect(200)).body)).toEqual({ exists: true });
  });

  it('regenerates: a new pass with the balance now, on file in place of the first, whose file is deleted', async () => {
    const first = (await me(3001)).qrCodeDownloadAlphaPass;
    await s.award(3001, 25);
    const { url, qrUrl } = expectSuccess((await createAlpha(3001).expect(200)).body);
    expect(qrUrl).not.toBe(first);
    expect(await me(3001)).toMatchObject({ createdAlphaPass: true, qrCodeDownloadAlphaPass: qrUrl });
    const pass = JSON.parse(unzipPass((await download(url)).body)['pass.json'].toString('utf8'));
    expect(pass.storeCard.primaryFields[0].value).toBe(175);
    const created = (await streamOf(3001)).filter((e) => e.type === 'wallet.alpha-pass-created.v1');
    expect(created).toHaveLength(2);
    const replaced = (created[0].data as any).passKey;
    expect(created[1].data).toMatchObject({ replacedPassKey: replaced });
    expect(expectSuccess((await verifyAlpha(3001).expect(200)).body)).toEqual({ exists: true });
    // The replaced file is deleted: one pass file per customer, the old URL 404.
    await s.t.http().get(`/uploads/${replaced}`).expect(404);
    const customer = await s.customer(3001);
    expect(filesUnder(join(dir, s.shop.shopId, customer.id))).toEqual([new URL(url).pathname.split('/').at(-1)]);
  });

  it('verify clears the pass fields when the stored document is gone, once', async () => {
    const customer = await s.customer(3001);
    rmSync(join(dir, s.shop.shopId, customer.id), { recursive: true, force: true });
    expect(expectSuccess((await verifyAlpha(3001).expect(200)).body)).toEqual({ exists: false });
    expect(await me(3001)).toMatchObject({ createdAlphaPass: false, qrCodeDownloadAlphaPass: null });
    const length = (await streamOf(3001)).length;
    expect((await streamOf(3001)).at(-1)).toMatchObject({
      type: 'wallet.alpha-pass-cleared.v1',
      data: { reason: 'document_missing' },
    });
    expect(expectSuccess((await verifyAlpha(3001).expect(200)).body)).toEqual({ exists: false });
    expect(await streamOf(3001)).toHaveLength(length);
    // And it can be made again.
    await createAlpha(3001).expect(200);
    expect((await me(3001)).createdAlphaPass).toBe(true);
  });

  it('the beta save link carries a JWT signed RS256 by the service account, with the card', async () => {
    const customer = await s.customer(3001);
    const view = await me(3001);
    const res = await beta(3001).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { link: expect.any(String) },
      meta: {},
      message: 'OK',
      timestamp: expect.any(String),
    });
    const { link } = res.body.data;
    expect(link).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = link.slice('https://pay.google.com/gp/v/save/'.length);
    const claims = new JwtService().verify(jwt, { publicKey: account.publicKey, algorithms: ['RS256'] });
    expect(JSON.parse(Buffer.from(jwt.split('.')[0], 'base64url').toString())).toMatchObject({ alg: 'RS256' });
    expect(claims).toMatchObject({ iss: SERVICE_ACCOUNT, aud: 'google', typ: 'savetowallet', iat: expect.any(Number) });
    expect(claims.payload.loyaltyObjects).toEqual([
      {
        id: `${ISSUER}.${s.shop.shopId}-${customer.id}`,
        classId: `${ISSUER}.loyalty`,
        state: 'ACTIVE',
        accountId: customer.id,
        loyaltyPoints: { label: 'Points', balance: { int: 175 } },
        textModulesData: [{ id: 'tier', header: 'Tier', body: view.tier?.name ?? '' }],
        barcode: { type: 'QR_CODE', value: customer.id },
      },
    ]);
    // Another key does not verify it.
    expect(() =>
      new JwtService().verify(jwt, { publicKey: makeServiceAccountKey().publicKey, algorithms: ['RS256'] }),
    ).toThrow();
  });

  it('certificates or a key that cannot sign: 502, nothing changed', async () => {
    const broken = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    const brokenKey = '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----\n';
    await s
      .put('/settings/wallet-passes', {
        alpha: { ...alphaSettings(), signerCertificate: broken },
        beta: { ...betaSettings, privateKey: brokenKey },
      })
      .expect(200);
    const before = await streamOf(3002);
    const files = filesUnder(dir);
    expectError((await createAlpha(3002).expect(502)).body, 'ALPHA_PASS_GENERATION_FAILED', 502);
    expectError((await beta(3002).expect(502)).body, 'BETA_PASS_GENERATION_FAILED', 502);
    expect(await streamOf(3002)).toHaveLength(before.length);
    expect(filesUnder(dir)).toEqual(files);
    expect(await me(3002)).toMatchObject({ createdAlphaPass: false, qrCodeDownloadAlphaPass: null });
  });

  it('removing a section (null) makes it not configured again', async () => {
    const res = await s.put('/settings/wallet-passes', { alpha: null, beta: null }).expect(200);
    expect(expectSuccess(res.body)).toEqual({ alpha: null, beta: null });
    expectError((await createAlpha(3003).expect(502)).body, 'ALPHA_PASS_GENERATION_FAILED', 502);
    expectError((await beta(3003).expect(502)).body, 'BETA_PASS_GENERATION_FAILED', 502);
  });

  it('403 NOT_ELIGIBLE for an opt-in guest (nothing stored), configured or not; 401 without a token', async () => {
    const optIn = await s.newShop();
    await optIn.put('/settings/membership', { optInEnrollment: true }).expect(200);
    await optIn.put('/settings/wallet-passes', { alpha: alphaSettings(), beta: betaSettings }).expect(200);
    await optIn.enrol(9);
    const guest = await tokenFor(s.t, optIn.shop, 9);
    const files = filesUnder(dir);
    const alpha = await s.t.http().post(`${HEADLESS}/customer/wallet-pass/alpha`).set(bearer(guest)).expect(403);
    expectError(alpha.body, 'NOT_ELIGIBLE', 403);
    const link = await s.t.http().get(`${HEADLESS}/customer/wallet-pass/beta`).set(bearer(guest)).expect(403);
    expectError(link.body, 'NOT_ELIGIBLE', 403);
    expect(filesUnder(dir)).toEqual(files);
    // Eligibility comes first: a guest of a shop without wallet settings is refused as a guest, not 502.
    const bare = await s.newShop();
    await bare.put('/settings/membership', { optInEnrollment: true }).expect(200);
    await bare.enrol(10);
    const bareGuest = await tokenFor(s.t, bare.shop, 10);
    const bareAlpha = await s.t.http().post(`${HEADLESS}/customer/wallet-pass/alpha`).set(bearer(bareGuest));
    expectError(bareAlpha.body, 'NOT_ELIGIBLE', 403);
    const bareBeta = await s.t.http().get(`${HEADLESS}/customer/wallet-pass/beta`).set(bearer(bareGuest));
    expectError(bareBeta.body, 'NOT_ELIGIBLE', 403);
    await s.t.http().post(`${HEADLESS}/customer/wallet-pass/alpha`).expect(401);
    await s.t.http().get(`${HEADLESS}/customer/wallet-pass/alpha/verify`).expect(401);
    await s.t.http().get(`${HEADLESS}/customer/wallet-pass/beta`).expect(401);
  });
});
