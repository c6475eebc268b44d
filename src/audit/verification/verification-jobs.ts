import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { Difference, VerifyProgress, VerifySummary } from '../domain/verification';

/** A verification started through the operator API, readable from any service process. */
export interface VerificationJobDoc {
  id: string;
  shopId: string | null;
  status: 'running' | 'succeeded' | 'failed';
  startedAt: string;
  /** Refreshed while running: a job whose process died stops being refreshed. */
  updatedAt: string;
  finishedAt: string | null;
  progress: VerifyProgress;
  differences: number;
  summary: VerifySummary | null;
  error: string | null;
}

export interface VerificationDifferenceDoc extends Difference {
  id: string;
  jobId: string;
  seq: number;
}

export const VERIFICATIONS: CollectionDefinition = { name: 'audit_verifications' };
export const VERIFICATION_DIFFERENCES: CollectionDefinition = {
  name: 'audit_verification_differences',
  indexes: [['jobId', 'seq']],
  numericFields: ['seq'],
};
