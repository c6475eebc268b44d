/**
 * The outage policy of one webhook, as a pure decision over its health: what one delivery attempt
 * does to the delivery and to the webhook. No I/O and no clock: the time and the jitter come in.
 *
 * - A run of failures (`pauseAfterFailures` in a row across the webhook's deliveries, or a delivery
 *   that used all its attempts without any success of the webhook in between) is an outage, not a
 *   bad delivery: the webhook is **paused**. Its deliveries stay pending (none is failed) and one
 *   probe at a time (the oldest pending delivery) retries with growing backoff from `probeBaseMs`
 *   (seconds: a short outage ends soon after the receiver is back), capped. Attempts sent before the
 *   probe was due (out when it paused, or the rest of a batch claimed before it) fail without
 *   advancing that backoff: they are the outage, not probes.
 * - The first success resumes it: every pending delivery is due at once, in order per customer.
 * - Only a failure that has lasted `disableAfterMs` (days) **disables** it; its deliveries still
 *   stay pending, and re-enabling it resumes them. 410 Gone disables at once.
 * - A delivery that keeps failing while others of the webhook succeed (the receiver refuses that
 *   one) is failed after `maxAttempts`, and can be redelivered by hand or in bulk.
 */
import { backoffMs } from '../../shared/domain/backoff';

export interface WebhookHealth {
  /** Failed attempts in a row, across the webhook's deliveries (reset by any success). */
  consecutiveFailures: number;
  /** The first failed attempt of the current run; null while healthy. */
  failingSince: string | null;
  /** When the run of failures paused the webhook; null while not paused. */
  pausedAt: string | null;
  /** Failed attempts since the pause (they space the probes out). */
  probes: number;
  /** When the next probe may go out. */
  nextProbeAt: string | null;
}

export const HEALTHY: WebhookHealth = {
  consecutiveFailures: 0,
  failingSince: null,
  pausedAt: null,
  probes: 0,
  nextProbeAt: null,
};

export interface OutagePolicy {
  maxAttempts: number;
  pauseAfterFailures: number;
  disableAfterMs: number;
  backoffBaseMs: number;
  backoffFactor: number;
  /** The wait before a paused webhook's first probe; each next one waits backoffFactor times longer. */
  probeBaseMs: number;
  /** The longest wait between two probes of a paused webhook. */
  probeMaxMs: number;
}

export type DeliveryState = 'pending' | 'delivered' | 'failed';

export interface AttemptFacts {
  /** 2xx: delivered; 410: gone; anything else (status, timeout, refused address): failed. */
  result: 'delivered' | 'gone' | 'failed';
  /** A merchant's redelivery of one delivery (outside the retry schedule). */
  manual: boolean;
  /** This delivery's attempts since it was created or last requeued, this one included. */
  attemptsUsed: number;
  status: DeliveryState;
  nextAttemptAt: string | null;
  /** When this attempt was sent (an attempt sent before the webhook paused is not a probe). */
  startedAt: string;
  now: string;
  /** 0.8 to 1.2, drawn by the caller: retries of many deliveries spread out. */
  jitter: number;
}

export type WebhookChange =
  { type: 'unchanged' } | { type: 'paused' } | { type: 'resumed' } | { type: 'disable'; reason: string };

export interface AttemptDecision {
  health: WebhookHealth;
  status: DeliveryState;
  nextAttemptAt: string | null;
  webhook: WebhookChange;
}

const UNCHANGED: WebhookChange = { type: 'unchanged' };
const later = (now: string, ms: number) => new Date(Date.parse(now) + Math.round(ms)).toISOString();

/** Attempt n waits base x factor^(n-1) (the backoff of all background work), spread by the jitter. */
export function retryDelayMs(policy: OutagePolicy, attempt: number, jitter: number): number {
  return backoffMs(policy, attempt) * jitter;
}

/** Probe n of a paused webhook waits probeBase x factor^(n-1), at most probeMax. */
export function probeDelayMs(policy: OutagePolicy, probe: number): number {
  return Math.min(
    backoffMs({ backoffBaseMs: policy.probeBaseMs, backoffFactor: policy.backoffFactor }, probe),
    policy.probeMaxMs,
  );
}

export function decideAttempt(health: WebhookHealth, facts: AttemptFacts, policy: OutagePolicy): AttemptDecision {
  const { now } = facts;
  if (facts.result === 'delivered') {
    return {
      health: HEALTHY,
      status: 'delivered',
      nextAttemptAt: null,
      webhook: health.pausedAt !== null ? { type: 'resumed' } : UNCHANGED,
    };
  }
  const failing: WebhookHealth = {
    ...health,
    consecutiveFailures: health.consecutiveFailures + 1,
    failingSince: health.failingSince ?? now,
  };
  if (facts.result === 'gone') {
    // Kept pending: re-enabling the webhook sends it, in order with the customer's later ones.
    return {
      health: facts.manual ? health : failing,
      status: facts.manual ? facts.status : 'pending',
      nextAttemptAt: facts.manual ? facts.nextAttemptAt : now,
      webhook: { type: 'disable', reason: 'receiver answered 410 Gone' },
    };
  }
  // A merchant's one-off redelivery that fails says nothing new about an outage.
  if (facts.manual) return { health, status: facts.status, nextAttemptAt: facts.nextAttemptAt, webhook: UNCHANGED };

  const exhausted = facts.attemptsUsed >= policy.maxAttempts;
  const outage =
    health.pausedAt !== null ||
    failing.consecutiveFailures >= policy.pauseAfterFailures ||
    // Every attempt of this delivery failed and nothing of the webhook succeeded in between.
    (exhausted && failing.consecutiveFailures >= facts.attemptsUsed);
  if (!outage) {
    return exhausted
      ? { health: failing, status: 'failed', nextAttemptAt: null, webhook: UNCHANGED }
      : {
          health: failing,
          status: 'pending',
          nextAttemptAt: later(now, retryDelayMs(policy, facts.attemptsUsed, facts.jitter)),
          webhook: UNCHANGED,
        };
  }
  if (health.pausedAt !== null && facts.startedAt < (health.nextProbeAt ?? health.pausedAt)) {
    // Sent before the probe was due (out when the webhook paused, or the rest of a batch the worker
    // claimed before it paused): one more failure of the outage, not a failed probe.
    return { health: failing, status: 'pending', nextAttemptAt: health.nextProbeAt, webhook: UNCHANGED };
  }
  const failingForMs = Date.parse(now) - Date.parse(failing.failingSince!);
  if (failingForMs >= policy.disableAfterMs) {
    // The configured limit, not the measured time: probes are spaced, so it is crossed by up to one interval.
    const hours = Math.round((policy.disableAfterMs / 3_600_000) * 100) / 100;
    return {
      health: failing,
      status: 'pending',
      nextAttemptAt: now,
      webhook: { type: 'disable', reason: `every attempt failed for ${hours} hours (since ${failing.failingSince})` },
    };
  }
  const probes = health.pausedAt === null ? 1 : health.probes + 1;
  const wait = probeDelayMs(policy, probes) * facts.jitter;
  const nextProbeAt = later(now, wait);
  return {
    health: { ...failing, pausedAt: health.pausedAt ?? now, probes, nextProbeAt },
    status: 'pending',
    nextAttemptAt: nextProbeAt,
    webhook: health.pausedAt === null ? { type: 'paused' } : UNCHANGED,
  };
}
