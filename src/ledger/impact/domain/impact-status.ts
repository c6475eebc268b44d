/**
 * What an impact provider answered for a contribution, and the status it gives the contribution
 * (spec 2.7): `confirmed` by default, `refunded` when it failed (its points are returned), any other
 * raw provider status kept unchanged. Written once: the decision and the HTTP adapter's tests use it.
 */
export type ProviderOutcome = { kind: 'failed'; reason: string } | { kind: 'answered'; status: string | null };

/** Statuses a provider uses for a contribution it did not carry out: the points go back. */
export const FAILED_STATUSES: readonly string[] = ['failed', 'rejected', 'error', 'cancelled'];

export function impactOutcomeStatus(outcome: ProviderOutcome): string {
  if (outcome.kind === 'failed') return 'refunded';
  const status = outcome.status?.trim();
  if (!status || status === 'confirmed' || status === 'success' || status === 'ok') return 'confirmed';
  return FAILED_STATUSES.includes(status.toLowerCase()) ? 'refunded' : status;
}

/** A contribution counts towards the customer's totals unless its points were returned. */
export const countsTowardTotals = (status: string): boolean => status !== 'refunded';
