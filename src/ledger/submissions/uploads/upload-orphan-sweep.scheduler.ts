import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../../config/app-config';
import { CLOCK, Clock } from '../../../shared/domain/clock';
import { ScheduledJob } from '../../../shared/interval-job';
import { storedObjectKey } from '../../../shared/upload-urls';
import { LEASES, Leases } from '../../../infrastructure/leases/leases.port';
import {
  isImageKey,
  OBJECT_STORAGE,
  ObjectInfo,
  ObjectStorage,
} from '../../../infrastructure/object-storage/object-storage.port';
import { READ_STORE, ReadStore } from '../../../infrastructure/read-store/read-store.port';
import { ReadYourWrites } from '../../../projections/read-your-writes';
import { SubmissionDoc, SUBMISSIONS } from '../read/submission-view.projection';

/** The sweep runs at least every half of the TTL, and at least every ten minutes. */
const MAX_INTERVAL_MS = 600_000;

/** How often the orphan sweep runs (0: never, when UPLOAD_ORPHAN_TTL_SECONDS is 0). */
export function orphanSweepEveryMs(config: AppConfig): number {
  return Math.min((config.uploads.orphanTtlSeconds * 1000) / 2, MAX_INTERVAL_MS);
}

/**
 * Deletes uploaded images no claim references once older than UPLOAD_ORPHAN_TTL_SECONDS: an upload
 * is kept for the shopper to attach, then only while a submission (a receipt, review, form) lists
 * it. Wallet passes are not swept (a regeneration deletes the one it replaces). One process sweeps
 * at a time (a lease: on PostgreSQL the first process to take it; on the embedded store the one).
 */
@Injectable()
export class UploadOrphanSweep extends ScheduledJob {
  constructor(
    private readonly config: AppConfig,
    @Inject(OBJECT_STORAGE) private readonly objects: ObjectStorage,
    @Inject(LEASES) private readonly leases: Leases,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly readYourWrites: ReadYourWrites,
  ) {
    super(new Logger('UploadOrphanSweep'));
  }

  /** One pass: the keys it deleted. */
  async runOnce(): Promise<string[]> {
    if (!(await this.leases.holds('uploads:orphan-sweep'))) return [];
    const cutoff = this.clock.now().getTime() - this.config.uploads.orphanTtlSeconds * 1000;
    const old = (await this.objects.list('')).filter((o) => isImageKey(o.key) && o.storedAt.getTime() < cutoff);
    const deleted: string[] = [];
    for (const [owner, theirs] of byCustomer(old)) {
      const attached = await this.attachedKeys(owner);
      const orphans = theirs.filter((key) => !attached.has(key));
      if (orphans.length === 0) continue;
      await this.objects.remove(orphans);
      deleted.push(...orphans);
    }
    if (deleted.length) this.logger.log(`deleted ${deleted.length} upload(s) no claim references`);
    return deleted;
  }

  /** The object keys the customer's submissions list (older ones hold URLs: read as their key). */
  private async attachedKeys(owner: string): Promise<Set<string>> {
    const [shopId, customerId] = owner.split('/');
    await this.readYourWrites.settle();
    const submissions = await this.readStore.collection<SubmissionDoc>(SUBMISSIONS);
    const keys = new Set<string>();
    for (const doc of await submissions.find({ shopId, customerId }))
      for (const stored of doc.imageUrls ?? []) {
        const key = storedObjectKey(stored);
        if (key) keys.add(key);
      }
    return keys;
  }
}

/** Keys grouped by `<shop>/<customer>`. */
function byCustomer(objects: readonly ObjectInfo[]): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const { key } of objects) {
    const owner = key.slice(0, key.lastIndexOf('/'));
    groups.set(owner, [...(groups.get(owner) ?? []), key]);
  }
  return groups;
}
