import { createHash } from 'node:crypto';
import { positionToString, RecordedEvent } from '../../shared/domain/recorded-event';
import { stableStringify } from '../../shared/domain/ids';

/**
 * The tamper-evident export: NDJSON, one event per line in canonical JSON (sorted keys), each line
 * carrying the hash of the line before it (`prevHash`) and its own (`hash`, SHA-256 of the line's
 * canonical JSON without `hash`), ending with a manifest line signed with the service's Ed25519 key.
 * Changing, removing, reordering or adding a line breaks the chain at that line; cutting the file
 * loses the manifest; a manifest made up for an edited file carries no valid signature.
 */
export const EXPORT_FORMAT = 'loyalty-audit-export/1';
export const GENESIS_HASH = '0'.repeat(64);

export interface ExportScope {
  shopId: string;
  customerId: string | null;
  /** Effective-time bounds (occurredAt), from inclusive, to exclusive. */
  from: string | null;
  to: string | null;
}

export interface Manifest extends ExportScope {
  kind: 'manifest';
  /** The points liability's roll-forward of the range, recomputed from the exported shop's events (when asked). */
  liability?: unknown;
  format: string;
  count: number;
  firstPosition: string | null;
  lastPosition: string | null;
  finalHash: string;
  exportedAt: string;
  keyId: string;
  signatureAlgorithm: 'ed25519';
  signature: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Writes the lines of one export, in order. */
export class ExportChain {
  private prevHash = GENESIS_HASH;
  private count = 0;
  private firstPosition: string | null = null;
  private lastPosition: string | null = null;

  /** One event as its line (with the newline). */
  line(recorded: RecordedEvent): string {
    const position = positionToString(recorded.position);
    this.count += 1;
    this.firstPosition ??= position;
    this.lastPosition = position;
    // Top-level keys in sorted order, each value canonical: the hashed text and the written line
    // differ only by the `hash` member, so each event is serialised once.
    const head = `{"data":${stableStringify(recorded.data)},"eventId":${JSON.stringify(recorded.id)}`;
    const tail =
      `"kind":"event","metadata":${stableStringify(recorded.metadata ?? {})},"position":${JSON.stringify(position)}` +
      `,"prevHash":"${this.prevHash}","recordedAt":${JSON.stringify(recorded.recordedAt.toISOString())}` +
      `,"revision":${JSON.stringify(recorded.revision.toString())},"seq":${this.count}` +
      `,"streamId":${JSON.stringify(recorded.streamId)},"type":${JSON.stringify(recorded.type)}}`;
    const hash = sha256(`${head},${tail}`);
    this.prevHash = hash;
    return `${head},"hash":"${hash}",${tail}\n`;
  }

  /** The closing manifest line, signed over its canonical JSON without `signature`. */
  manifest(
    scope: ExportScope,
    exportedAt: string,
    signer: { keyId: string; sign: (text: string) => string },
    extra: { liability?: unknown } = {},
  ): string {
    const unsigned: Omit<Manifest, 'signature'> = {
      kind: 'manifest',
      format: EXPORT_FORMAT,
      ...scope,
      ...extra,
      count: this.count,
      firstPosition: this.firstPosition,
      lastPosition: this.lastPosition,
      finalHash: this.prevHash,
      exportedAt,
      keyId: signer.keyId,
      signatureAlgorithm: 'ed25519',
    };
    return `${stableStringify({ ...unsigned, signature: signer.sign(stableStringify(unsigned)) })}\n`;
  }

  get written(): number {
    return this.count;
  }
}
