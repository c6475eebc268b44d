import { Capability, worker } from '../../capability';
import { Storage, STORAGE } from '../storage';
import { BackgroundJobHandlers } from './background-job-handlers';
import { BackgroundJobWorker } from './background-job-worker';
import { BACKGROUND_JOBS } from './background-jobs.port';
import { SqlBackgroundJobs } from './sql-background-jobs.adapter';

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
