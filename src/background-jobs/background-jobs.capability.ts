import { Capability, worker } from '../capability';
import { Storage, STORAGE } from '../infrastructure/storage';
import { BackgroundJobHandlers } from '../infrastructure/background-jobs/background-job-handlers';
import { BackgroundJobWorker } from '../infrastructure/background-jobs/background-job-worker';
import { BACKGROUND_JOBS } from '../infrastructure/background-jobs/background-jobs.port';
import { SqlBackgroundJobs } from '../infrastructure/background-jobs/sql-background-jobs.adapter';

/** The outbox of background work, in the SQL database of the combination (beside the webhook outbox). */
export const BACKGROUND_JOBS_CAPABILITY: Capability = {
  providers: [
    {
      provide: BACKGROUND_JOBS,
      inject: [STORAGE],
      useFactory: (storage: Storage) => SqlBackgroundJobs.create(storage.sql),
    },
    BackgroundJobHandlers,
    BackgroundJobWorker,
  ],
  projections: [],
  controllers: [],
  background: [worker(BackgroundJobWorker, (config) => config.translationJobs.worker)],
};
