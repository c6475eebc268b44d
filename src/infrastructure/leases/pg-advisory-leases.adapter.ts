import { Client } from 'pg';
import { Leases } from './leases.port';
import { isConnectionError } from '../sql/connection-errors';
import { StoreUnavailableError } from '../store-errors/store-unavailable.error';

/**
 * Leases as PostgreSQL session advisory locks, on a connection of their own: the server releases a
 * lock when its session ends, so a process that dies or is cut off frees its leases without a
 * timeout to tune. A lost connection forgets every lease; the next `holds` asks again.
 */
export class PgAdvisoryLeases implements Leases {
  private client: Promise<Client> | null = null;
  private readonly held = new Set<string>();

  constructor(private readonly connectionString: string) {}

  async holds(name: string): Promise<boolean> {
    if (this.held.has(name)) return true;
    try {
      const client = await this.connection();
      const [row] = (
        await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS taken', [
          `lease:${name}`,
        ])
      ).rows;
      if (row.taken) this.held.add(name);
      return row.taken;
    } catch (error) {
      if (!isConnectionError(error)) throw error;
      // The session is gone, and every lease with it: the next call connects again and asks anew.
      await this.close();
      throw new StoreUnavailableError('PostgreSQL (leases)', error);
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.forget();
    if (client) await (await client.catch(() => null))?.end().catch(() => undefined);
  }

  private connection(): Promise<Client> {
    this.client ??= (async () => {
      // keepAlive: a connection cut without a word (a failover, a dropped route) is noticed, and the leases with it.
      const client = new Client({
        connectionString: this.connectionString,
        keepAlive: true,
        connectionTimeoutMillis: 15_000,
      });
      // The session is the lease: once it errs or ends, nothing is held any more.
      client.on('error', () => this.forget());
      client.on('end', () => this.forget());
      try {
        await client.connect();
      } catch (error) {
        this.forget();
        throw error;
      }
      return client;
    })();
    return this.client;
  }

  private forget(): void {
    this.client = null;
    this.held.clear();
  }
}
