import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppConfig } from '../../src/config/app-config';
import { AuditSigningKey, keyIdOf, SIGNING_KEY_FILE } from '../../src/audit/credentials/audit-signing-key';
import { signingKeyPem } from './signing-key';

/** Where the service's export signing key comes from. */
describe('audit signing key', () => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-key-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const keyFor = (env: Record<string, string>) => {
    const key = new AuditSigningKey(new AppConfig({ DATA_DIR: dir, ...env }));
    key.onModuleInit();
    return key;
  };
  const signsWith = (key: AuditSigningKey) => {
    const { keyId, sign } = key.signer();
    expect(keyId).toBe(keyIdOf(key.publicKey));
    return verify(null, Buffer.from('text'), key.publicKey, Buffer.from(sign('text'), 'base64'));
  };

  it('embedded: generated on first start in DATA_DIR (owner only), the same key after a restart', () => {
    const first = keyFor({});
    const file = join(dir, SIGNING_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(signsWith(first)).toBe(true);
    expect(keyFor({}).publicKeyPem).toBe(first.publicKeyPem);
    expect(first.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('AUDIT_SIGNING_KEY: PEM text (newlines may be written \\n) or a file path', () => {
    const pem = signingKeyPem();
    const inline = keyFor({ AUDIT_SIGNING_KEY: pem.replace(/\n/g, '\\n') });
    expect(signsWith(inline)).toBe(true);
    const file = join(dir, 'given.pem');
    writeFileSync(file, pem);
    const fromFile = keyFor({ AUDIT_SIGNING_KEY: file });
    expect(fromFile.publicKeyPem).toBe(inline.publicKeyPem);
    expect(fromFile.publicKeyPem).toBe(createPublicKey(pem).export({ type: 'spki', format: 'pem' }).toString());
    // It wins over the file in DATA_DIR.
    expect(fromFile.publicKeyPem).not.toBe(readFileSync(join(dir, SIGNING_KEY_FILE), 'utf8'));
  });

  it('refuses a key that is not Ed25519', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' });
    expect(() => keyFor({ AUDIT_SIGNING_KEY: rsa.toString() })).toThrow(/Ed25519/);
  });

  it('PostgreSQL without AUDIT_SIGNING_KEY: exports and the public key answer 503', () => {
    const key = keyFor({ DATABASE_URL: 'postgres://nowhere/none' });
    expect(() => key.signer()).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE', status: 503 }));
    expect(() => key.publicKeyPem).toThrow(expect.objectContaining({ code: 'SERVICE_UNAVAILABLE' }));
  });
});
