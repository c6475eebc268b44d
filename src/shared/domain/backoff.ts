/**
 * How durable background work is retried (translation jobs and every kind in the background jobs
 * outbox, and webhook deliveries): attempt n that failed waits base x factor^(n-1) before the next,
 * and the last of maxAttempts gives up.
 */
export interface RetryPolicy {
  maxAttempts: number;
  backoffBaseMs: number;
  backoffFactor: number;
}

/** The wait after failed attempt `attempt` (1 for the first). */
export function backoffMs(policy: Omit<RetryPolicy, 'maxAttempts'>, attempt: number): number {
  return policy.backoffBaseMs * policy.backoffFactor ** (Math.max(attempt, 1) - 1);
}

/** When a failed attempt is tried again; null: given up (the last attempt, or a failure no retry changes). */
export function retryAt(policy: RetryPolicy, attempt: number, now: Date, final = false): string | null {
  if (final || attempt >= policy.maxAttempts) return null;
  return new Date(now.getTime() + backoffMs(policy, attempt)).toISOString();
}
