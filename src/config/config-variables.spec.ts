import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppConfig } from './app-config';
import { configurationTable, envExample, TABLE_END, TABLE_START } from './config-docs';
import { CONFIG_VARIABLES, validateEnvironment } from './config-variables';

const root = join(__dirname, '..', '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('the configuration table', () => {
  it('is what docs/configuration.md shows and what .env.example holds (npm run config:docs writes both)', () => {
    const reference = read('docs/configuration.md');
    expect(reference).toContain(TABLE_START);
    expect(reference).toContain(TABLE_END);
    const shown = reference.slice(reference.indexOf(TABLE_START), reference.indexOf(TABLE_END) + TABLE_END.length);
    expect(shown).toBe(configurationTable());
    expect(read('.env.example')).toBe(envExample());
  });

  it('lists every variable the configuration reads, once, and nothing it does not read', () => {
    const source = ['src/config/app-config.ts', 'src/config/trust-proxy.ts'].map(read).join('\n');
    const read_ = new Set(
      [...source.matchAll(/env\.([A-Z][A-Z0-9_]+)|'([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1] ?? m[2]),
    );
    const listed = CONFIG_VARIABLES.map((v) => v.name);
    expect(new Set(listed).size).toBe(listed.length);
    expect([...read_].filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !read_.has(name))).toEqual([]);
  });
});

describe('validateEnvironment', () => {
  it('accepts the defaults, empty values (unset) and good values of every kind', () => {
    expect(() =>
      validateEnvironment({
        PORT: '8080',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/loyalty',
        ESDB_URL: 'esdb://localhost:2113?tls=false',
        MONGO_URL: 'mongodb://localhost:27017/loyalty?replicaSet=rs0',
        REDIS_URL: '',
        COMMERCE_PLATFORM_URL: 'https://{domain}/admin/api/2025-01',
        WEBHOOK_BACKOFF_FACTOR: '1.5',
        WEBHOOK_WORKER: 'false',
        HEADLESS_TOKEN_QUOTA_IP: '300/60',
        TRUST_PROXY: 'loopback, 10.0.0.0/8',
        LOG_LEVEL: 'silent',
      }),
    ).not.toThrow();
  });

  it.each([
    ['PORT', 'abc', 'PORT must be a TCP port number from 0 to 65535 (got "abc")'],
    ['WEBHOOK_TIMEOUT_MS', '5s', 'WEBHOOK_TIMEOUT_MS must be a whole number, 0 or more (got "5s")'],
    ['WEBHOOK_BACKOFF_FACTOR', '0.5', 'WEBHOOK_BACKOFF_FACTOR must be 1 or more (got "0.5")'],
    ['DEMO_SHOP', 'no', 'DEMO_SHOP must be true or false (got "no")'],
    ['EVENT_STORE', 'mysql', 'EVENT_STORE must be one of postgres, pglite, eventstoredb (got "mysql")'],
    [
      'DATABASE_URL',
      'localhost:5432',
      'DATABASE_URL must be a URL (postgres://, postgresql://) (got "localhost:5432")',
    ],
    [
      'HEADLESS_TOKEN_QUOTA_IP',
      '300',
      'HEADLESS_TOKEN_QUOTA_IP must be <count>/<seconds>, both 1 or more, e.g. 30/60 (got "300")',
    ],
    [
      'REDIS_URL',
      'http://user:s3cret@cache:6379',
      'REDIS_URL must be a URL (redis://, rediss://) (got "http://user:***@cache:6379")',
    ],
    ['REQUEST_BODY_TIMEOUT_MS', '30s', 'REQUEST_BODY_TIMEOUT_MS must be a whole number, 0 or more (got "30s")'],
    ['TRUST_PROXY', '11', 'TRUST_PROXY is not valid: a hop count must be from 1 to 10 (got "11")'],
    ['LOG_LEVEL', 'verbose', 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "verbose")'],
  ])('%s=%s stops the start, naming the variable', (name, value, message) => {
    expect(() => new AppConfig({ [name]: value })).toThrow(message);
  });
});
