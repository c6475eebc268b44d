import { GlobalPosition } from '../event-store/event-store.port';
import { SqlClient } from '../sql/sql-client';
import { ensureSchema } from '../sql/sql-schema';
import {
  AttemptRecord,
  AttemptWrite,
  Delivery,
  DeliveryAttempt,
  NewDelivery,
  ProjectorSubscription,
  ResumedWebhook,
  WebhookHealthRecord,
  WebhookOutbox,
} from './webhook-outbox.port';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id UUID PRIMARY KEY,
  sequence BIGSERIAL UNIQUE,
  shop_id TEXT NOT NULL,
  webhook_id TEXT NOT NULL,
  topic TEXT NOT NULL,
  ordering_key TEXT NOT NULL,
  event_id TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'pending',
  attempts INT NOT NULL DEFAULT 0,
  next_attempt_at TIMESTAMPTZ,
  leased_until TIMESTAMPTZ,
  leased_by TEXT,
  last_status_code INT,
  last_error TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  delivered_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_order ON webhook_deliveries (webhook_id, ordering_key, sequence) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS webhook_deliveries_webhook ON webhook_deliveries (webhook_id, sequence);
CREATE TABLE IF NOT EXISTS webhook_delivery_attempts (
  id BIGSERIAL PRIMARY KEY,
  delivery_id UUID NOT NULL,
  attempt INT NOT NULL,
  at TIMESTAMPTZ NOT NULL,
  status_code INT,
  error TEXT,
  duration_ms INT NOT NULL,
  sent_by TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id, id);
CREATE TABLE IF NOT EXISTS webhook_projector_subscriptions (
  webhook_id TEXT PRIMARY KEY,
  shop_id TEXT NOT NULL,
  topic TEXT NOT NULL,
  enabled BOOLEAN NOT NULL
);
CREATE TABLE IF NOT EXISTS webhook_projector_checkpoint (
  id INT PRIMARY KEY,
  commit_position TEXT NOT NULL,
  prepare_position TEXT NOT NULL
);
ALTER TABLE webhook_deliveries ADD COLUMN IF NOT EXISTS attempts_at_requeue INT NOT NULL DEFAULT 0;
CREATE INDEX IF NOT EXISTS webhook_deliveries_failed ON webhook_deliveries (webhook_id, sequence) WHERE status = 'failed';
CREATE TABLE IF NOT EXISTS webhook_health (
  webhook_id TEXT PRIMARY KEY,
  consecutive_failures INT NOT NULL DEFAULT 0,
  failing_since TIMESTAMPTZ,
  paused_at TIMESTAMPTZ,
  probes INT NOT NULL DEFAULT 0,
  next_probe_at TIMESTAMPTZ
)`;

interface HealthRow {
  webhook_id: string;
  consecutive_failures: number;
  failing_since: Date | null;
  paused_at: Date | null;
  probes: number;
  next_probe_at: Date | null;
}

const HEALTH_COLUMNS = 'webhook_id, consecutive_failures, failing_since, paused_at, probes, next_probe_at';

interface DeliveryRow {
  id: string;
  sequence: string;
  shop_id: string;
  webhook_id: string;
  topic: string;
  ordering_key: string;
  event_id: string;
  body: string;
  status: Delivery['status'];
  attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
  attempts_at_requeue: number;
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toDelivery(r: DeliveryRow): Delivery {
  return {
    id: r.id,
    sequence: Number(r.sequence),
    shopId: r.shop_id,
    webhookId: r.webhook_id,
    topic: r.topic,
    orderingKey: r.ordering_key,
    eventId: r.event_id,
    body: r.body,
    status: r.status,
    attempts: r.attempts,
    nextAttemptAt: iso(r.next_attempt_at),
    lastStatusCode: r.last_status_code,
    lastError: r.last_error,
    createdAt: iso(r.created_at)!,
    deliveredAt: iso(r.delivered_at),
    attemptsAtRequeue: r.attempts_at_requeue,
  };
}

function toHealth(r: HealthRow): WebhookHealthRecord {
  return {
    consecutiveFailures: r.consecutive_failures,
    failingSince: iso(r.failing_since),
    pausedAt: iso(r.paused_at),
    probes: r.probes,
    nextProbeAt: iso(r.next_probe_at),
  };
}

const columns = (t: string) =>
  `${t}.id::text AS id, ${t}.sequence::text AS sequence, ${t}.shop_id, ${t}.webhook_id, ${t}.topic, ${t}.ordering_key,
  ${t}.event_id, ${t}.body, ${t}.status, ${t}.attempts, ${t}.next_attempt_at, ${t}.last_status_code, ${t}.last_error,
  ${t}.created_at, ${t}.delivered_at, ${t}.attempts_at_requeue`;
const DELIVERY_COLUMNS = columns('webhook_deliveries');

/** Outbox on PostgreSQL / PGlite. Row locks (`FOR UPDATE SKIP LOCKED`) let several workers share it. */
export class SqlWebhookOutbox implements WebhookOutbox {
  private constructor(private readonly sql: SqlClient) {}

  static async create(sql: SqlClient): Promise<SqlWebhookOutbox> {
    await ensureSchema(sql, 'loyalty-webhook-outbox-schema', SCHEMA);
    return new SqlWebhookOutbox(sql);
  }

  async loadProjector() {
    const [cp] = await this.sql.query<{ commit_position: string; prepare_position: string }>(
      'SELECT commit_position, prepare_position FROM webhook_projector_checkpoint WHERE id = 1',
    );
    const subs = await this.sql.query<{ webhook_id: string; shop_id: string; topic: string; enabled: boolean }>(
      'SELECT webhook_id, shop_id, topic, enabled FROM webhook_projector_subscriptions',
    );
    return {
      checkpoint: cp ? { commit: BigInt(cp.commit_position), prepare: BigInt(cp.prepare_position) } : null,
      subscriptions: subs.map((s) => ({
        webhookId: s.webhook_id,
        shopId: s.shop_id,
        topic: s.topic,
        enabled: s.enabled,
      })),
    };
  }

  async commitProjector({
    deliveries,
    subscriptions,
    removed,
    resumed = [],
    checkpoint,
  }: {
    deliveries: NewDelivery[];
    subscriptions: ProjectorSubscription[];
    removed: string[];
    resumed?: ResumedWebhook[];
    checkpoint: GlobalPosition;
  }): Promise<void> {
    await this.sql.transaction(async (tx) => {
      if (deliveries.length > 0) {
        await tx.query(
          `INSERT INTO webhook_deliveries (id, shop_id, webhook_id, topic, ordering_key, event_id, body, next_attempt_at, created_at)
           SELECT (d->>'id')::uuid, d->>'shopId', d->>'webhookId', d->>'topic', d->>'orderingKey', d->>'eventId', d->>'body',
                  COALESCE((d->>'dueAt')::timestamptz, (d->>'createdAt')::timestamptz), (d->>'createdAt')::timestamptz
           FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS x(d, ord)
           ORDER BY x.ord
           ON CONFLICT (id) DO NOTHING`,
          [JSON.stringify(deliveries)],
        );
      }
      if (subscriptions.length > 0) {
        await tx.query(
          `INSERT INTO webhook_projector_subscriptions (webhook_id, shop_id, topic, enabled)
           SELECT s->>'webhookId', s->>'shopId', s->>'topic', (s->>'enabled')::boolean FROM jsonb_array_elements($1::text::jsonb) AS s
           ON CONFLICT (webhook_id) DO UPDATE SET topic = EXCLUDED.topic, enabled = EXCLUDED.enabled`,
          [JSON.stringify(subscriptions)],
        );
      }
      if (removed.length > 0) {
        const ids = JSON.stringify(removed);
        await tx.query(
          'DELETE FROM webhook_projector_subscriptions WHERE webhook_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))',
          [ids],
        );
        await tx.query(
          'DELETE FROM webhook_health WHERE webhook_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))',
          [ids],
        );
        // A deleted webhook's deliveries will never be sent (written here too: the delete's own
        // clean-up can run before this batch's deliveries are committed).
        await tx.query(
          `UPDATE webhook_deliveries SET status = 'failed', last_error = 'webhook deleted', leased_until = NULL, next_attempt_at = NULL
           WHERE status = 'pending' AND webhook_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))`,
          [ids],
        );
      }
      if (resumed.length > 0) {
        // Health first, then deliveries: the order recordAttempt takes its locks in.
        const rows = JSON.stringify(resumed);
        await tx.query(
          `DELETE FROM webhook_health WHERE webhook_id IN (SELECT r->>'webhookId' FROM jsonb_array_elements($1::text::jsonb) AS r)`,
          [rows],
        );
        await tx.query(
          `UPDATE webhook_deliveries d SET next_attempt_at = (r->>'at')::timestamptz
           FROM jsonb_array_elements($1::text::jsonb) AS r
           WHERE d.webhook_id = r->>'webhookId' AND d.status = 'pending'`,
          [rows],
        );
      }
      await tx.query(
        `INSERT INTO webhook_projector_checkpoint (id, commit_position, prepare_position) VALUES (1, $1, $2)
         ON CONFLICT (id) DO UPDATE SET commit_position = EXCLUDED.commit_position, prepare_position = EXCLUDED.prepare_position`,
        [checkpoint.commit.toString(), checkpoint.prepare.toString()],
      );
    });
  }

  async claimDue(worker: string, limit: number, leaseMs: number, now: Date): Promise<Delivery[]> {
    return this.sql.transaction(async (tx) => {
      // Due: pending, not leased, its webhook enabled. Not paused: its retry time has come and no
      // earlier delivery of its customer is pending. Paused: only the webhook's oldest pending
      // delivery, once the probe time has come and no other delivery of the webhook is out.
      const rows = await tx.query<DeliveryRow>(
        `SELECT ${columns('d')} FROM webhook_deliveries d
         JOIN webhook_projector_subscriptions s ON s.webhook_id = d.webhook_id AND s.enabled
         LEFT JOIN webhook_health h ON h.webhook_id = d.webhook_id
         WHERE d.status = 'pending' AND (d.leased_until IS NULL OR d.leased_until < $2::timestamptz)
           AND (
             (h.paused_at IS NULL AND d.next_attempt_at <= $2::timestamptz
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                              WHERE e.status = 'pending' AND e.webhook_id = d.webhook_id
                                AND e.ordering_key = d.ordering_key AND e.sequence < d.sequence))
             OR
             (h.paused_at IS NOT NULL AND h.next_probe_at <= $2::timestamptz
              AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e
                              WHERE e.status = 'pending' AND e.webhook_id = d.webhook_id
                                AND (e.sequence < d.sequence OR e.leased_until >= $2::timestamptz)))
           )
         ORDER BY d.sequence
         LIMIT $1
         FOR UPDATE OF d SKIP LOCKED`,
        [limit, now.toISOString()],
      );
      if (rows.length > 0) {
        await tx.query(
          `UPDATE webhook_deliveries SET leased_until = $1::timestamptz + ($2::int * interval '1 millisecond'), leased_by = $3
           WHERE id IN (SELECT jsonb_array_elements_text($4::text::jsonb)::uuid)`,
          [now.toISOString(), leaseMs, worker, JSON.stringify(rows.map((r) => r.id))],
        );
      }
      return rows.map(toDelivery);
    });
  }

  async recordAttempt<D extends AttemptWrite>({ attempt, webhookId, decide }: AttemptRecord<D>): Promise<D> {
    return this.sql.transaction(async (tx) => {
      // The webhook's health under its row lock: two workers recording failures count both.
      await tx.query('INSERT INTO webhook_health (webhook_id) VALUES ($1) ON CONFLICT (webhook_id) DO NOTHING', [
        webhookId,
      ]);
      const [row] = await tx.query<HealthRow>(
        `SELECT ${HEALTH_COLUMNS} FROM webhook_health WHERE webhook_id = $1 FOR UPDATE`,
        [webhookId],
      );
      const decision = decide(toHealth(row));
      const { status, nextAttemptAt, health } = decision;
      await tx.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, attempt, at, status_code, error, duration_ms, sent_by)
         VALUES ($1::uuid, $2, $3::timestamptz, $4, $5, $6, $7)`,
        [
          attempt.deliveryId,
          attempt.attempt,
          attempt.at,
          attempt.statusCode,
          attempt.error,
          attempt.durationMs,
          attempt.sentBy,
        ],
      );
      await tx.query(
        `UPDATE webhook_deliveries SET status = $2, attempts = GREATEST(attempts, $3), next_attempt_at = $4::timestamptz,
           last_status_code = $5, last_error = $6, leased_until = NULL, leased_by = NULL,
           delivered_at = CASE WHEN $2 = 'delivered' THEN $7::timestamptz ELSE delivered_at END
         WHERE id = $1::uuid`,
        [attempt.deliveryId, status, attempt.attempt, nextAttemptAt, attempt.statusCode, attempt.error, attempt.at],
      );
      await tx.query(
        `UPDATE webhook_health SET consecutive_failures = $2, failing_since = $3::timestamptz, paused_at = $4::timestamptz,
           probes = $5, next_probe_at = $6::timestamptz
         WHERE webhook_id = $1`,
        [
          webhookId,
          health.consecutiveFailures,
          health.failingSince,
          health.pausedAt,
          health.probes,
          health.nextProbeAt,
        ],
      );
      if (decision.resumePending) {
        await tx.query(
          `UPDATE webhook_deliveries SET next_attempt_at = $2::timestamptz
           WHERE webhook_id = $1 AND status = 'pending' AND id <> $3::uuid`,
          [webhookId, attempt.at, attempt.deliveryId],
        );
      }
      return decision;
    });
  }

  async health(webhookIds: string[]): Promise<Map<string, WebhookHealthRecord>> {
    if (webhookIds.length === 0) return new Map();
    const rows = await this.sql.query<HealthRow>(
      `SELECT ${HEALTH_COLUMNS} FROM webhook_health WHERE webhook_id IN (SELECT jsonb_array_elements_text($1::text::jsonb))`,
      [JSON.stringify(webhookIds)],
    );
    return new Map(rows.map((r) => [r.webhook_id, toHealth(r)]));
  }

  async requeueFailed(webhookId: string, now: Date): Promise<number> {
    const rows = await this.sql.query(
      `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $2::timestamptz, attempts_at_requeue = attempts,
         leased_until = NULL, leased_by = NULL
       WHERE webhook_id = $1 AND status = 'failed' RETURNING 1`,
      [webhookId, now.toISOString()],
    );
    return rows.length;
  }

  async get(deliveryId: string): Promise<Delivery | null> {
    if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) return null;
    const [row] = await this.sql.query<DeliveryRow>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE id = $1::uuid`,
      [deliveryId],
    );
    return row ? toDelivery(row) : null;
  }

  async list(webhookId: string, { limit, before }: { limit: number; before?: number }) {
    const rows = await this.sql.query<DeliveryRow>(
      // Ordered by the column, not by the text it is selected as ("9" would come before "12").
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries
       WHERE webhook_id = $1 AND ($2::bigint IS NULL OR webhook_deliveries.sequence < $2::bigint)
       ORDER BY webhook_deliveries.sequence DESC LIMIT $3`,
      [webhookId, before ?? null, limit],
    );
    const deliveries = rows.map(toDelivery);
    if (deliveries.length === 0) return [];
    const attempts = await this.sql.query<{
      delivery_id: string;
      attempt: number;
      at: Date;
      status_code: number | null;
      error: string | null;
      duration_ms: number;
      sent_by: string;
    }>(
      `SELECT delivery_id::text, attempt, at, status_code, error, duration_ms, sent_by FROM webhook_delivery_attempts
       WHERE delivery_id IN (SELECT jsonb_array_elements_text($1::text::jsonb)::uuid) ORDER BY id`,
      [JSON.stringify(deliveries.map((d) => d.id))],
    );
    return deliveries.map((d) => ({
      ...d,
      attemptsLog: attempts
        .filter((a) => a.delivery_id === d.id)
        .map((a): DeliveryAttempt => ({
          deliveryId: a.delivery_id,
          attempt: a.attempt,
          at: iso(a.at)!,
          statusCode: a.status_code,
          error: a.error,
          durationMs: a.duration_ms,
          sentBy: a.sent_by,
        })),
    }));
  }

  async failPending(webhookId: string, reason: string): Promise<number> {
    const rows = await this.sql.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = $2, leased_until = NULL, next_attempt_at = NULL
       WHERE webhook_id = $1 AND status = 'pending' RETURNING 1`,
      [webhookId, reason],
    );
    return rows.length;
  }

  async backlog(): Promise<{ pending: number; oldestCreatedAt: string | null }> {
    // The partial index of pending deliveries answers this without reading delivered rows.
    const [row] = await this.sql.query<{ pending: number; oldest: Date | string | null }>(
      `SELECT count(*)::int AS pending, min(created_at) AS oldest FROM webhook_deliveries WHERE status = 'pending'`,
    );
    const oldest = row?.oldest ?? null;
    return { pending: row?.pending ?? 0, oldestCreatedAt: oldest === null ? null : new Date(oldest).toISOString() };
  }

  async forgetCustomer(shopId: string, customerId: string, personalFields: ReadonlySet<string>): Promise<number> {
    const rows = await this.sql.query<{ id: string; body: string }>(
      'SELECT id, body FROM webhook_deliveries WHERE shop_id = $1 AND ordering_key = $2',
      [shopId, customerId],
    );
    let changed = 0;
    for (const row of rows) {
      const body = JSON.stringify(withoutPersonal(JSON.parse(row.body), personalFields));
      if (body === row.body) continue;
      await this.sql.query('UPDATE webhook_deliveries SET body = $2 WHERE id = $1', [row.id, body]);
      changed += 1;
    }
    return changed;
  }
}

/** The value with every member named in `fields` (at any depth) set to null. */
function withoutPersonal(value: unknown, fields: ReadonlySet<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => withoutPersonal(v, fields));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, fields.has(k) && v !== null ? null : withoutPersonal(v, fields)]),
  );
}
