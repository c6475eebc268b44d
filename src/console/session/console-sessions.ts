import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { STORAGE, Storage } from '../../infrastructure/storage';
import { ensureSchema } from '../../infrastructure/sql/sql-schema';
import { CLOCK, Clock } from '../../shared/domain/clock';
import { sha256Hex } from '../../shared/domain/ids';

/** A console session ends after 30 minutes without a request. */
export const CONSOLE_IDLE_MS = 30 * 60 * 1000;

/** A merchant's staff (the shop's two keys) may change things; an auditor (an audit key) only reads. */
export type ConsoleRole = 'merchant' | 'audit';

export interface ConsoleSession {
  shopId: string;
  role: ConsoleRole;
  /** The audit key an auditor signed in with (its revocation ends the session). */
  auditKeyId: string | null;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS console_sessions (
  token_hash TEXT PRIMARY KEY,
  shop_id TEXT NOT NULL,
  role TEXT NOT NULL,
  audit_key_id TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  last_seen_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS console_sessions_last_seen ON console_sessions (last_seen_at)`;

interface SessionRow {
  shop_id: string;
  role: ConsoleRole;
  audit_key_id: string | null;
}

/**
 * The console's sessions, in the SQL database every process of the combination shares (so a session
 * started on one process is known to all, and its end too). The browser holds only a random token;
 * the table holds its SHA-256, so a copy of the table opens no session.
 */
@Injectable()
export class ConsoleSessions implements OnModuleInit {
  constructor(
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async onModuleInit(): Promise<void> {
    await ensureSchema(this.storage.sql, 'console_sessions', SCHEMA);
  }

  /** Starts a session; answers the token for the cookie (256 random bits). */
  async start(session: ConsoleSession): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = this.clock.now();
    // Sessions long idle are removed as new ones start (they are refused anyway).
    await this.storage.sql.query('DELETE FROM console_sessions WHERE last_seen_at < $1', [this.idleSince(now)]);
    await this.storage.sql.query(
      `INSERT INTO console_sessions (token_hash, shop_id, role, audit_key_id, created_at, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $5)`,
      [sha256Hex(token), session.shopId, session.role, session.auditKeyId, now.toISOString()],
    );
    return token;
  }

  /** The session of a token still in use (its idle time restarts), or null: unknown, ended or idle too long. */
  async resume(token: string): Promise<ConsoleSession | null> {
    const now = this.clock.now();
    const rows = await this.storage.sql.query<SessionRow>(
      `UPDATE console_sessions SET last_seen_at = $2
       WHERE token_hash = $1 AND last_seen_at >= $3
       RETURNING shop_id, role, audit_key_id`,
      [sha256Hex(token), now.toISOString(), this.idleSince(now)],
    );
    const row = rows[0];
    return row ? { shopId: row.shop_id, role: row.role, auditKeyId: row.audit_key_id } : null;
  }

  /** Ends the session of a token on every process. */
  async end(token: string): Promise<void> {
    await this.storage.sql.query('DELETE FROM console_sessions WHERE token_hash = $1', [sha256Hex(token)]);
  }

  private idleSince(now: Date): string {
    return new Date(now.getTime() - CONSOLE_IDLE_MS).toISOString();
  }
}
