import { execFileSync } from 'node:child_process';
import { generateKeyPairSync, createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A pass signer of the tests' own: a CA standing in for the WWDR intermediate, and a pass certificate it issued. */
export interface TestPassCertificates {
  wwdrCertificate: string;
  signerCertificate: string;
  signerKey: string;
  /** The CA file, to check a signature's chain against. */
  caFile: string;
  dir: string;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** Made with the openssl CLI in a temporary folder (removed by `cleanup`). */
export function makePassCertificates(passTypeIdentifier: string, teamIdentifier: string): TestPassCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'pass-certs-'));
  const days = ['-days', '2'];
  openssl(
    dir,
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', ...days].concat([
      '-subj',
      '/CN=Test WWDR CA',
    ]),
  );
  const subject = `/UID=${passTypeIdentifier}/CN=Pass Type ID: ${passTypeIdentifier}/OU=${teamIdentifier}/O=Test`;
  openssl(dir, [
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'signer.key',
    '-out',
    'signer.csr',
    '-subj',
    subject,
  ]);
  openssl(
    dir,
    ['x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial'].concat([
      '-out',
      'signer.pem',
      ...days,
    ]),
  );
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    wwdrCertificate: read('ca.pem'),
    signerCertificate: read('signer.pem'),
    signerKey: read('signer.key'),
    caFile: join(dir, 'ca.pem'),
    dir,
  };
}

/** An RSA key pair standing in for the wallet service account's. */
export function makeServiceAccountKey() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/** The files of a .pkpass (a zip), by name. */
export function unzipPass(bytes: Buffer): Record<string, Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-'));
  try {
    writeFileSync(join(dir, 'pass.pkpass'), bytes);
    execFileSync('unzip', ['-q', 'pass.pkpass', '-d', 'out'], { cwd: dir });
    const out = join(dir, 'out');
    return Object.fromEntries(
      readdirSync(out, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => {
          const path = join(entry.parentPath, entry.name);
          return [path.slice(out.length + 1), readFileSync(path)];
        }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const sha1 = (bytes: Buffer) => createHash('sha1').update(bytes).digest('hex');

/**
 * Checks the detached PKCS#7 `signature` over `manifest` with openssl, up to the CA: throws when the
 * signature does not match the manifest or was not made by a certificate the CA issued.
 */
export function verifyPassSignature(manifest: Buffer, signature: Buffer, caFile: string): void {
  const dir = mkdtempSync(join(tmpdir(), 'pkpass-sig-'));
  try {
    writeFileSync(join(dir, 'manifest.json'), manifest);
    writeFileSync(join(dir, 'signature'), signature);
    openssl(
      dir,
      ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'signature', '-content', 'manifest.json'].concat([
        '-CAfile',
        caFile,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
