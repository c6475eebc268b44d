import { Injectable, OnModuleInit } from '@nestjs/common';
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  KeyObject,
  sign,
  verify,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';

export const SIGNING_KEY_FILE = 'audit-signing-key.pem';

/** A short fingerprint of a public key: the first 16 hex digits of the SHA-256 of its DER (SPKI) form. */
export function keyIdOf(publicKey: KeyObject): string {
  return createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('hex')
    .slice(0, 16);
}

/** `AUDIT_SIGNING_KEY` is the PEM text (newlines may be written `\n`) or the path of a PEM file. */
export function parseSigningKey(setting: string): KeyObject {
  const text = setting.includes('-----BEGIN') ? setting.replace(/\\n/g, '\n') : readFileSync(setting, 'utf8');
  const key = createPrivateKey(text);
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('AUDIT_SIGNING_KEY must be an Ed25519 private key');
  return key;
}

/** Verifies manifest signatures with a public key (the checker needs no private key). */
export function signatureVerifier(publicKey: KeyObject) {
  const keyId = keyIdOf(publicKey);
  return (text: string, signature: string, manifestKeyId: string): true | string => {
    if (manifestKeyId !== keyId) return `the manifest names key ${manifestKeyId}, the key given is ${keyId}`;
    try {
      if (verify(null, Buffer.from(text), publicKey, Buffer.from(signature, 'base64'))) return true;
    } catch {
      /* a malformed signature is an invalid one */
    }
    return 'the manifest signature is not valid';
  };
}

/**
 * The service's Ed25519 key that signs export manifests. `AUDIT_SIGNING_KEY` when set; otherwise, on the
 * embedded store, generated on first start and kept in DATA_DIR (owner-only), so exports stay
 * checkable across restarts; in-memory test stores get a key per process. With PostgreSQL and no key,
 * exports are refused (several processes must sign with one key, and only the operator can give it).
 */
@Injectable()
export class AuditSigningKey implements OnModuleInit {
  private key: KeyObject | null = null;

  constructor(private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.key = this.load();
  }

  private load(): KeyObject | null {
    if (this.config.auditSigningKey) return parseSigningKey(this.config.auditSigningKey);
    if (this.config.inMemory) return generateKeyPairSync('ed25519').privateKey;
    if (this.config.databaseUrl) return null;
    return loadOrCreateKeyFile(this.config.dataDir);
  }

  private get privateKey(): KeyObject {
    this.key ??= this.load();
    if (!this.key)
      throw because.unavailable('Exports are signed with AUDIT_SIGNING_KEY, which is not set on this service');
    return this.key;
  }

  get publicKey(): KeyObject {
    return createPublicKey(this.privateKey);
  }

  get publicKeyPem(): string {
    return this.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  }

  signer(): { keyId: string; sign: (text: string) => string } {
    const key = this.privateKey;
    return {
      keyId: keyIdOf(createPublicKey(key)),
      sign: (text) => sign(null, Buffer.from(text), key).toString('base64'),
    };
  }
}

export function loadOrCreateKeyFile(dataDir: string): KeyObject {
  const file = join(dataDir, SIGNING_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const pem = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    try {
      writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return parseSigningKey(file);
}
