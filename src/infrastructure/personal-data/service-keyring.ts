import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { ConfigError } from '../../config/config-error';

/** A service key with its id (see `serviceKeyId`). */
export interface ServiceKey {
  id: string;
  key: Buffer;
}

/**
 * The id of a service key: HMAC-SHA256 keyed with the key itself, of a fixed label, 16 hex digits.
 * Whoever has a key computes its id; the id tells nothing about the key.
 */
export function serviceKeyId(key: Buffer): string {
  return createHmac('sha256', key).update('loyalty personal data key id').digest('hex').slice(0, 16);
}

/**
 * The service keys a process holds: the current one (PERSONAL_DATA_KEY), which wraps every new data
 * key, and the retired ones (PERSONAL_DATA_KEYS_RETIRED), still accepted for unwrapping until
 * `loyalty keys rewrap` has moved every data key to the current one.
 */
export class ServiceKeyring {
  readonly current: ServiceKey;
  readonly retired: readonly ServiceKey[];

  constructor(current: Buffer, retired: readonly Buffer[] = []) {
    for (const key of [current, ...retired]) {
      if (key.length !== 32) throw new Error('A personal data service key must be 32 bytes');
    }
    this.current = { id: serviceKeyId(current), key: current };
    const seen = new Set([this.current.id]);
    this.retired = retired
      .map((key) => ({ id: serviceKeyId(key), key }))
      .filter((k) => !seen.has(k.id) && (seen.add(k.id), true));
  }

  get all(): readonly ServiceKey[] {
    return [this.current, ...this.retired];
  }

  byId(id: string): ServiceKey | undefined {
    return this.all.find((k) => k.id === id);
  }

  /** The data key wrapped (AES-256-GCM) under the current key: `iv.tag.ciphertext`, base64 each. */
  wrap(dataKey: Buffer): { keyId: string; wrapped: string } {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
    return {
      keyId: this.current.id,
      wrapped: [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64')).join('.'),
    };
  }

  /** Throws when `key` is not the one `wrapped` was wrapped under (the cipher's tag does not match). */
  static unwrap(key: Buffer, wrapped: string): Buffer {
    const [iv, tag, sealed] = wrapped.split('.').map((part) => Buffer.from(part, 'base64'));
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]);
  }

  /** Which of the keys opens `wrapped` (a row stored before key ids were), or null: none does. */
  opener(wrapped: string): ServiceKey | null {
    for (const candidate of this.all) {
      try {
        ServiceKeyring.unwrap(candidate.key, wrapped);
        return candidate;
      } catch {
        // Not this one.
      }
    }
    return null;
  }

  /** The ids given, for messages: `current 1a2b… (retired 3c4d…)`. */
  describe(): string {
    const retired = this.retired.length ? `; retired: ${this.retired.map((k) => k.id).join(', ')}` : '';
    return `current ${this.current.id}${retired}`;
  }
}

/**
 * The service keys given do not serve the store: the process must not start (nor a command run).
 * A ConfigError, so the service and the CLI print its message alone and exit 1.
 */
export class ServiceKeyRefused extends ConfigError {}
