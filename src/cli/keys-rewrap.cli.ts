import { INestApplicationContext } from '@nestjs/common';
import { STORAGE, Storage } from '../infrastructure/storage';
import { ServiceKeyRotation } from '../infrastructure/personal-data/personal-data-keys.port';
import { HashSecretRotation } from '../infrastructure/personal-data/hash-secrets.port';
import { because } from '../shared/domain/domain-error';
import { progressBar } from './progress';

/** What `keys rewrap` did, and which retired keys are still needed. */
export interface RewrapReport {
  currentKeyId: string;
  rewrapped: number;
  /** Changed by a running service meanwhile (erased, or rewrapped by another run): left as they are. */
  changed: number;
  /** Under a key not given: left as they are (the service refuses to start while any remain). */
  unopened: number;
  /** Hash secrets (chat user refs) rewrapped under the current key. */
  secretsRewrapped: number;
  /** Retired key ids some data key or hash secret is still wrapped under, with how many. */
  stillNeeded: Array<{ keyId: string | null; count: number }>;
}

/**
 * `loyalty keys rewrap [--batch 500]`: every data key wrapped under the current service key
 * (PERSONAL_DATA_KEY), in batches in key order, each committed; a rerun continues where the last
 * stopped (rows already under the current key are not looked at again). Safe beside a running service
 * on PostgreSQL: each row is replaced only if it still holds what was read. The report on stdout;
 * whether PERSONAL_DATA_KEYS_RETIRED can go on stderr.
 */
export async function keysRewrapCommand(
  app: INestApplicationContext,
  options: Record<string, string>,
): Promise<number> {
  const batchSize = Number(options.batch ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw because.badRequest('--batch must be a positive integer');
  const storage = app.get<Storage>(STORAGE);
  const report = await rewrapAll(storage.personalDataKeys, batchSize, storage.hashSecrets);
  process.stdout.write(`${JSON.stringify(report)}\n`);
  process.stderr.write(`${neededLine(report)}\n`);
  return report.unopened > 0 ? 1 : 0;
}

/** The data keys, then the hash secrets (when given), under the current key. */
export async function rewrapAll(
  keys: ServiceKeyRotation,
  batchSize: number,
  secrets?: HashSecretRotation,
): Promise<RewrapReport> {
  const total = (await keys.wrappedElsewhere()).reduce((sum, k) => sum + k.count, 0);
  const progress = progressBar('rewrap', 'data keys', total);
  const report: RewrapReport = {
    currentKeyId: keys.currentKeyId,
    rewrapped: 0,
    changed: 0,
    unopened: 0,
    secretsRewrapped: 0,
    stillNeeded: [],
  };
  let seen = 0;
  for (let after = null; ;) {
    const batch = await keys.rewrapBatch(after, batchSize);
    report.rewrapped += batch.rewrapped;
    report.changed += batch.changed;
    report.unopened += batch.unopened;
    seen += batch.seen;
    progress.update(seen, Math.max(total, seen));
    if (batch.seen < batchSize || !batch.last) break;
    after = batch.last;
  }
  progress.stop();
  const forSecrets = (await secrets?.rewrap()) ?? { rewrapped: 0, changed: 0, unopened: 0 };
  report.secretsRewrapped = forSecrets.rewrapped;
  report.changed += forSecrets.changed;
  report.unopened += forSecrets.unopened;
  report.stillNeeded = mergeCounts([
    ...(await keys.wrappedElsewhere()),
    ...((await secrets?.wrappedElsewhere()) ?? []),
  ]);
  return report;
}

function mergeCounts(counts: Array<{ keyId: string | null; count: number }>): RewrapReport['stillNeeded'] {
  const merged = new Map<string | null, number>();
  for (const { keyId, count } of counts) merged.set(keyId, (merged.get(keyId) ?? 0) + count);
  return [...merged].map(([keyId, count]) => ({ keyId, count }));
}

function neededLine(report: RewrapReport): string {
  if (report.stillNeeded.length === 0) {
    return `every data key is under the current key (${report.currentKeyId}): no retired key is needed any more; remove PERSONAL_DATA_KEYS_RETIRED`;
  }
  const ids = report.stillNeeded
    .map((k) => `${k.keyId ?? '(unrecorded)'} (${k.count} data keys or secrets)`)
    .join(', ');
  return `retired keys still needed: ${ids}; keep them in PERSONAL_DATA_KEYS_RETIRED and run \`loyalty keys rewrap\` again`;
}
