import { stableStringify } from '../../shared/domain/ids';
import { EXPORT_FORMAT, GENESIS_HASH, Manifest, sha256 } from './export-chain';

export type CheckResult =
  { ok: true; count: number; manifest: Manifest } | { ok: false; line: number; problem: string; count: number };

/**
 * Checks an export line by line (so a file of any size is read once, in constant memory) and names the
 * first line that is not what the chain says it must be.
 */
export class ExportChecker {
  private lineNo = 0;
  private prevHash = GENESIS_HASH;
  private events = 0;
  private firstPosition: string | null = null;
  private lastPosition: string | null = null;
  private manifest: Manifest | null = null;
  private failure: { line: number; problem: string } | null = null;

  constructor(private readonly verifySignature: (text: string, signature: string, keyId: string) => boolean | string) {}

  /** One line of the file, without its newline. */
  push(text: string): void {
    this.lineNo += 1;
    if (this.failure) return;
    const fail = (problem: string) => void (this.failure = { line: this.lineNo, problem });
    if (this.manifest) return fail('a line after the manifest');
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text);
    } catch {
      return fail('not a JSON line (the file is cut or damaged here)');
    }
    if (line === null || typeof line !== 'object' || Array.isArray(line)) return fail('not a JSON object');
    // A line of an untrusted file: checkManifest compares every field it relies on.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    if (line.kind === 'manifest') return this.checkManifest(line as unknown as Manifest, fail);
    if (line.kind !== 'event') return fail(`unknown line kind ${JSON.stringify(line.kind)}`);
    const { hash, ...content } = line;
    if (line.seq !== this.events + 1) return fail(`seq ${String(line.seq)} where ${this.events + 1} was expected`);
    if (line.prevHash !== this.prevHash) return fail('prevHash is not the hash of the line before');
    if (typeof hash !== 'string' || hash !== sha256(stableStringify(content)))
      return fail('the line does not match its hash');
    this.events += 1;
    this.prevHash = hash;
    // The position is covered by the line's hash; the manifest's positions are compared with it.
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    this.firstPosition ??= line.position as string;
    // eslint-disable-next-line @typescript-eslint/consistent-type-assertions
    this.lastPosition = line.position as string;
  }

  private checkManifest(manifest: Manifest, fail: (problem: string) => void): void {
    if (manifest.format !== EXPORT_FORMAT) return fail(`unknown format ${JSON.stringify(manifest.format)}`);
    if (manifest.count !== this.events)
      return fail(`the manifest counts ${manifest.count} events, the file has ${this.events}`);
    if (manifest.finalHash !== this.prevHash) return fail('the manifest finalHash is not the last line hash');
    if (manifest.firstPosition !== this.firstPosition || manifest.lastPosition !== this.lastPosition)
      return fail('the manifest positions are not those of the first and last lines');
    const { signature, ...unsigned } = manifest;
    const verdict = this.verifySignature(stableStringify(unsigned), signature, manifest.keyId);
    if (verdict !== true) return fail(typeof verdict === 'string' ? verdict : 'the manifest signature is not valid');
    this.manifest = manifest;
  }

  /** After the last line. */
  result(): CheckResult {
    if (this.failure) return { ok: false, ...this.failure, count: this.events };
    if (!this.manifest)
      return {
        ok: false,
        line: this.lineNo + 1,
        problem: 'the file ends without a manifest (cut short?)',
        count: this.events,
      };
    return { ok: true, count: this.events, manifest: this.manifest };
  }
}
