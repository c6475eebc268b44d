import { Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { CollectionDefinition, READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { sha256Hex } from '../../shared/domain/ids';

export const AUDIT_KEY_HEADER = 'x-svc-loyalty-audit-key';

/**
 * A read-only credential of one shop for auditors. Like the shop's API secret it is 256 random bits,
 * stored only as a SHA-256, and kept outside the log and the projections (a rebuild keeps it).
 */
export interface AuditKeyDoc {
  /** The key id (also the visible part of the key). */
  id: string;
  shopId: string;
  label: string | null;
  secretHash: string;
  createdAt: string;
  revokedAt: string | null;
}

export const AUDIT_KEYS: CollectionDefinition = { name: 'audit_keys', indexes: [['shopId', 'createdAt']] };

const KEY_FORMAT = /^audit_([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export const auditKeyText = (keyId: string, secret: string) => `audit_${keyId}.${secret}`;

/** What a key looks like to operators: everything but its secret. */
export function presentAuditKey(doc: AuditKeyDoc) {
  return {
    id: doc.id,
    shopId: doc.shopId,
    label: doc.label,
    createdAt: doc.createdAt,
    revokedAt: doc.revokedAt,
    active: doc.revokedAt === null,
  };
}

@Injectable()
export class AuditKeys {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  collection() {
    return this.readStore.collection<AuditKeyDoc>(AUDIT_KEYS);
  }

  /** The shop a presented key opens, or null (unknown, malformed, wrong secret, revoked). Not cached: a revocation is immediate. */
  async authenticate(presented: string): Promise<AuditKeyDoc | null> {
    const match = KEY_FORMAT.exec(presented.trim());
    if (!match) return null;
    const doc = await (await this.collection()).get(match[1]);
    if (!doc || doc.revokedAt !== null) return null;
    const given = Buffer.from(sha256Hex(match[2]), 'hex');
    const expected = Buffer.from(doc.secretHash, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected) ? doc : null;
  }
}
