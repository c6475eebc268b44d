import { Inject, Logger, OnApplicationShutdown } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator } from '../../shared/domain/clock';
import { because } from '../../shared/domain/domain-error';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ShopDirectory } from '../../shops/shop-directory';
import { ReadModelVerifier } from '../queries/verify-read-models';
import {
  VERIFICATION_DIFFERENCES,
  VerificationDifferenceDoc,
  VERIFICATIONS,
  VerificationJobDoc,
} from '../verification/verification-jobs';

export class StartVerificationCommand {
  constructor(readonly shopId: string | null) {}
}

const SAVE_EVERY_MS = 1000;
const DIFFERENCES_PER_WRITE = 500;

/**
 * Starts a verification in the background and answers its job at once; progress, differences and
 * the summary are stored as it goes, so any process can answer the job's status.
 */
@CommandHandler(StartVerificationCommand)
export class StartVerificationHandler
  implements ICommandHandler<StartVerificationCommand, VerificationJobDoc>, OnApplicationShutdown
{
  private readonly logger = new Logger('AuditVerification');
  private readonly running = new Map<string, { abort: AbortController; done: Promise<void> }>();

  constructor(
    private readonly verifier: ReadModelVerifier,
    private readonly shops: ShopDirectory,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ shopId }: StartVerificationCommand): Promise<VerificationJobDoc> {
    if (shopId && !(await this.shops.byId(shopId))) throw because.notFound('Shop');
    const now = this.clock.now().toISOString();
    const job: VerificationJobDoc = {
      id: this.ids.next(),
      shopId,
      status: 'running',
      startedAt: now,
      updatedAt: now,
      finishedAt: null,
      progress: { streams: 0, events: 0, expectedStreams: 0 },
      differences: 0,
      summary: null,
      error: null,
    };
    const jobs = await this.readStore.collection<VerificationJobDoc>(VERIFICATIONS);
    await jobs.put(job);
    const abort = new AbortController();
    const done = this.runJob(job, abort.signal).finally(() => this.running.delete(job.id));
    this.running.set(job.id, { abort, done });
    return job;
  }

  private async runJob(job: VerificationJobDoc, signal: AbortSignal): Promise<void> {
    const jobs = await this.readStore.collection<VerificationJobDoc>(VERIFICATIONS);
    const differences = await this.readStore.collection<VerificationDifferenceDoc>(VERIFICATION_DIFFERENCES);
    let pending: VerificationDifferenceDoc[] = [];
    let seq = 0;
    let savedAt = Date.now();
    const flush = async () => {
      const docs = pending;
      pending = [];
      await differences.putMany(docs);
    };
    const save = async (changes: Partial<VerificationJobDoc>) => {
      Object.assign(job, changes, { updatedAt: this.clock.now().toISOString(), differences: seq });
      await jobs.put(job);
      savedAt = Date.now();
    };
    try {
      const summary = await this.verifier.run({
        shopId: job.shopId,
        signal,
        onDifference: async (d) => {
          seq++;
          pending.push({ ...d, id: `${job.id}:${String(seq).padStart(10, '0')}`, jobId: job.id, seq });
          if (pending.length >= DIFFERENCES_PER_WRITE) await flush();
        },
        onProgress: async (progress) => {
          if (Date.now() - savedAt < SAVE_EVERY_MS) return;
          await flush();
          await save({ progress });
        },
      });
      await flush();
      const finishedAt = this.clock.now().toISOString();
      await save({
        status: 'succeeded',
        finishedAt,
        summary,
        progress: { streams: summary.streams, events: summary.events, expectedStreams: job.progress.expectedStreams },
      });
    } catch (error) {
      this.logger.error(`Verification ${job.id} failed: ${(error as Error).message}`);
      await flush().catch(() => undefined);
      await save({
        status: 'failed',
        finishedAt: this.clock.now().toISOString(),
        error: (error as Error).message,
      }).catch(() => undefined);
    }
  }

  /** Stops running jobs between pages, so they do not outlive the stores (they end as failed). */
  async onApplicationShutdown(): Promise<void> {
    for (const { abort } of this.running.values()) abort.abort(new Error('the service stopped'));
    await Promise.all([...this.running.values()].map((r) => r.done));
  }
}
