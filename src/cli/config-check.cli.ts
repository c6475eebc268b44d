import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from '../config/app-config';
import { configWarnings } from '../config/config-warnings';
import { DataDirLock } from '../infrastructure/data-dir-lock';
import { ServiceKeyring, ServiceKeyRefused } from '../infrastructure/personal-data/service-keyring';
import { refuseUnknownServiceKeys } from '../infrastructure/personal-data/service-key-check';
import { PgliteSqlClient } from '../infrastructure/sql/pglite.client';
import { PgSqlClient } from '../infrastructure/sql/pg.client';
import { SqlClient } from '../infrastructure/sql/sql-client';

/** How long `config check` waits for PostgreSQL before it says the key could not be checked. */
const CONNECT_TIMEOUT_MS = 5000;

/**
 * `loyalty config check`: the environment as the service checks it at start (a bad variable throws
 * a ConfigError naming it), then the service keys against the store, read-only, with the check the
 * service makes before it opens the store: a PERSONAL_DATA_KEY that does not serve the store throws
 * the same ServiceKeyRefused (exit 1). A store that cannot be reached (or the embedded store held by
 * the running service) is a warning on stderr, exit 0: the environment may be checked where the
 * database is not reachable; the service still refuses a wrong key at start.
 */
export async function configCheckCommand(env: NodeJS.ProcessEnv): Promise<number> {
  const config = new AppConfig(env);
  const keyring = new ServiceKeyring(config.personalDataKey, config.personalDataKeysRetired);
  const note = await checkKeysAgainstStore(config, keyring);
  configWarnings(config).forEach((warning) => process.stderr.write(`warning: ${warning}\n`));
  process.stdout.write('configuration OK\n');
  process.stderr.write(`${note}\n`);
  return 0;
}

/** What was checked, as one line; throws ServiceKeyRefused when the keys do not serve the store. */
async function checkKeysAgainstStore(config: AppConfig, keyring: ServiceKeyring): Promise<string> {
  if (config.inMemory) return 'PERSONAL_DATA_KEY: the store is in memory, nothing to check against';
  if (!config.databaseUrl && !existsSync(join(config.dataDir, 'PG_VERSION'))) {
    return `PERSONAL_DATA_KEY: no store in ${config.dataDir} yet; a new store accepts any key (id ${keyring.current.id})`;
  }
  const lock = config.databaseUrl ? null : new DataDirLock(config.dataDir);
  const holder = lock?.holder();
  if (holder) {
    return `warning: PERSONAL_DATA_KEY not checked: the service (pid ${holder}) has ${config.dataDir} open`;
  }
  lock?.acquire();
  let sql: SqlClient | null = null;
  try {
    sql = config.databaseUrl
      ? new PgSqlClient(config.databaseUrl, { max: 1, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
      : await PgliteSqlClient.open(config.dataDir);
    await refuseUnknownServiceKeys(sql, keyring);
    return `PERSONAL_DATA_KEY serves the store (key id ${keyring.current.id})`;
  } catch (error) {
    if (error instanceof ServiceKeyRefused) throw error;
    return `warning: PERSONAL_DATA_KEY not checked: the store could not be reached (${(error as Error).message})`;
  } finally {
    await sql?.close().catch(() => undefined);
    lock?.release();
  }
}
