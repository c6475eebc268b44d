import { z } from 'zod';
import { ConfigError } from './config-error';
import { trustProxySetting } from './trust-proxy';

/**
 * Every environment variable the service reads, in one table: how a value is checked, its default
 * and what it means. The service refuses to start on a value that fails its check, naming the
 * variable (`validateEnvironment`, first thing `AppConfig` does); the configuration reference in
 * docs/configuration.md and `.env.example` are generated from this table (`npm run config:docs`), and a spec fails
 * when either differs from it, or when app-config.ts reads a variable the table does not list.
 */
export interface ConfigVariable {
  name: string;
  /** Checks a value that is set (an empty value counts as unset). */
  check: z.ZodType;
  /** The default as the docs show it. */
  default: string;
  meaning: string;
}

const count = z
  .string()
  .regex(/^\d+$/, 'must be a whole number, 0 or more')
  .refine((v) => Number.isSafeInteger(Number(v)), 'is too large');
const factor = z
  .string()
  .regex(/^\d+(\.\d+)?$/, 'must be a number')
  .refine((v) => Number(v) >= 1, 'must be 1 or more');
const upToAMinute = z
  .string()
  .regex(/^\d+$/, 'must be a whole number of seconds from 1 to 60')
  .refine((v) => Number(v) >= 1 && Number(v) <= 60, 'must be a whole number of seconds from 1 to 60');
const flag = z.enum(['true', 'false'], { error: 'must be true or false' });
const text = z.string();
const quota = z
  .string()
  .refine((v) => /^\s*0*[1-9]\d*\/0*[1-9]\d*\s*$/.test(v), 'must be <count>/<seconds>, both 1 or more, e.g. 30/60');
const port = z
  .string()
  .regex(/^\d+$/, 'must be a TCP port number from 0 to 65535')
  .refine((v) => Number(v) <= 65535, 'must be a TCP port number from 0 to 65535');
const oneOf = (values: [string, ...string[]]) => z.enum(values, { error: `must be one of ${values.join(', ')}` });
const url = (protocols: string[]) =>
  z.string().refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
    error: `must be a URL (${protocols.map((p) => `${p}//`).join(', ')})`,
  });
// The platform URL may name the shop's domain as a placeholder.
const platformUrl = z
  .string()
  .refine((v) => URL.canParse(v.replace('{domain}', 'shop.example')) && /^https?:/.test(v), {
    error: "must be an http(s) URL, `{domain}` standing for the shop's domain",
  });
const trustProxy = z.string().superRefine((v, context) => {
  try {
    trustProxySetting(v);
  } catch (error) {
    context.addIssue({
      code: 'custom',
      message: `is not valid: ${(error as Error).message.replace(/^TRUST_PROXY:?\s*/, '')}`,
    });
  }
});

export const CONFIG_VARIABLES: readonly ConfigVariable[] = [
  {
    name: 'PORT',
    check: port,
    default: '`3000`',
    meaning: 'HTTP port',
  },
  {
    name: 'HOST',
    check: text,
    default: '`0.0.0.0`',
    meaning: 'bind address',
  },
  {
    name: 'DATABASE_URL',
    check: url(['postgres:', 'postgresql:']),
    default: 'unset',
    meaning: 'PostgreSQL connection string; unset = embedded PGlite',
  },
  {
    name: 'PG_POOL_IDLE_MS',
    check: count,
    default: '`600000`',
    meaning:
      'how long a PostgreSQL connection may sit unused in the pool before it is closed (`0`: never); a new connection starts a new server process, whose caches and prepared statements begin cold',
  },
  {
    name: 'PG_POOL_MAX',
    check: count.refine((v) => Number(v) >= 3, 'must be 3 or more (the lease connection and one for each pool)'),
    default: '`20`',
    meaning:
      "the most connections one process opens to PostgreSQL, all pools and the lease connection together (one for leases, the rest shared by the log and the read models); keep processes × `PG_POOL_MAX` below the server's `max_connections` (docs/operations.md)",
  },
  {
    name: 'DATA_DIR',
    check: text,
    default: '`./data`',
    meaning: 'PGlite data directory (embedded mode)',
  },
  {
    name: 'ERASURE_COMPACTION_SECONDS',
    check: upToAMinute,
    default: '`30`',
    meaning:
      'embedded store: how long after an erasure the tables are compacted and the write-ahead log moved past it, so no file of `DATA_DIR` holds the erased data (the erasures of that window share one compaction; see Privacy)',
  },
  {
    name: 'UPLOADS_DIR',
    check: text,
    default: '`<DATA_DIR>/uploads`',
    meaning:
      'where uploaded images are kept (one folder per shop, then per customer); served read-only under `/uploads/`',
  },
  {
    name: 'PUBLIC_URL',
    check: url(['http:', 'https:']),
    default: '`http://localhost:<PORT>`; required when `NODE_ENV=production`',
    meaning:
      "the service's public address as shoppers reach it, e.g. `https://loyalty.example.com`: the URLs of uploaded images and wallet passes are rendered with it (never from a request's `Host` or `X-Forwarded-*`); the service refuses to start in production without it",
  },
  {
    name: 'UPLOADS_PUBLIC_URL',
    check: url(['http:', 'https:']),
    default: '`PUBLIC_URL`',
    meaning:
      'where uploaded files are served when not at `PUBLIC_URL` (a CDN or another host serving `/uploads/<key>`): upload and wallet-pass URLs start with it',
  },
  {
    name: 'UPLOAD_CUSTOMER_DAILY_FILES',
    check: count,
    default: '`30`',
    meaning:
      'images one customer may upload in 24 hours (a window from their first upload); past it, the upload is answered 429 with `Retry-After` before its body is read (see Limits)',
  },
  {
    name: 'UPLOAD_CUSTOMER_DAILY_BYTES',
    check: count,
    default: '`52428800` (50 MB)',
    meaning: 'bytes of images (as stored) one customer may upload in 24 hours; past it, 429 with `Retry-After`',
  },
  {
    name: 'UPLOAD_SHOP_DAILY_FILES',
    check: count,
    default: '`3000`',
    meaning: "images a shop's customers together may upload in 24 hours; past it, 429 with `Retry-After`",
  },
  {
    name: 'UPLOAD_SHOP_DAILY_BYTES',
    check: count,
    default: '`3221225472` (3 GB)',
    meaning: "bytes of images a shop's customers together may upload in 24 hours; past it, 429 with `Retry-After`",
  },
  {
    name: 'UPLOAD_ORPHAN_TTL_SECONDS',
    check: count,
    default: '`86400`',
    meaning:
      'how long an uploaded image no claim references is kept: older, it is deleted by the orphan sweep (run every half of it, at most every 10 minutes; one process at a time on PostgreSQL)',
  },
  {
    name: 'OBJECT_STORAGE',
    check: oneOf(['local', 's3']),
    default: '`local`',
    meaning:
      'where uploaded images are kept: `local` (files under `UPLOADS_DIR`) or `s3` (a bucket of an S3-compatible store, see the `S3_` variables)',
  },
  {
    name: 'S3_BUCKET',
    check: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (3 to 63 characters)'),
    default: 'unset',
    meaning: 'the bucket uploaded images are kept in (required by `OBJECT_STORAGE=s3`; it must exist)',
  },
  {
    name: 'S3_ENDPOINT',
    check: url(['http:', 'https:']),
    default: 'unset (AWS)',
    meaning: 'the address of an S3-compatible store other than AWS, e.g. `http://minio:9000`',
  },
  {
    name: 'S3_REGION',
    check: text,
    default: '`us-east-1`',
    meaning: 'the region of the bucket',
  },
  {
    name: 'S3_ACCESS_KEY_ID',
    check: text,
    default: 'unset',
    meaning:
      "the access key of the store (with `S3_SECRET_ACCESS_KEY`); unset = the AWS SDK's default credentials (environment, profile, instance role)",
  },
  {
    name: 'S3_SECRET_ACCESS_KEY',
    check: text,
    default: 'unset',
    meaning: 'the secret of `S3_ACCESS_KEY_ID`',
  },
  {
    name: 'S3_FORCE_PATH_STYLE',
    check: flag,
    default: '`true` with `S3_ENDPOINT`, else `false`',
    meaning:
      'address the bucket in the path (`<endpoint>/<bucket>/<key>`) rather than as a host name (most self-hosted stores)',
  },
  {
    name: 'EVENT_STORE',
    check: oneOf(['postgres', 'pglite', 'eventstoredb']),
    default: '`postgres` with `DATABASE_URL`, else `pglite`',
    meaning: 'where the event log lives: `postgres`, `pglite` or `eventstoredb` (see Storage topologies)',
  },
  {
    name: 'READ_STORE',
    check: oneOf(['postgres', 'pglite', 'mongodb']),
    default: 'same default',
    meaning: 'where the read models live: `postgres`, `pglite` or `mongodb`',
  },
  {
    name: 'ESDB_URL',
    check: url(['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:']),
    default: 'unset',
    meaning:
      'EventStoreDB/KurrentDB connection string, e.g. `esdb://localhost:2113?tls=false` (needed by `EVENT_STORE=eventstoredb`)',
  },
  {
    name: 'ESDB_STREAM_NAMESPACE',
    check: text,
    default: 'empty',
    meaning: 'prefix of every stream name in EventStoreDB (several environments on one server)',
  },
  {
    name: 'MONGO_URL',
    check: url(['mongodb:', 'mongodb+srv:']),
    default: 'unset',
    meaning:
      'MongoDB connection string; its path names the database (default `loyalty`), e.g. `mongodb://localhost:27017/loyalty?replicaSet=rs0`',
  },
  {
    name: 'ADMIN_TOKEN',
    check: text,
    default: 'unset',
    meaning: 'bearer token of the operator API `/admin/api`; unset = operator API off (404)',
  },
  {
    name: 'AUTH_FAILURE_QUOTA_IP',
    check: quota,
    default: '`30/60`',
    meaning:
      "failed authentications (`<count>/<seconds>`) before a client's or a key's further failures are answered 429 instead of 401; good credentials are never refused (see Limits)",
  },
  {
    name: 'AUTH_FAILURE_QUOTA_KEY',
    check: quota,
    default: '`100/60`',
    meaning:
      "failed authentications (`<count>/<seconds>`) before a client's or a key's further failures are answered 429 instead of 401; good credentials are never refused (see Limits)",
  },
  {
    name: 'TRUST_PROXY',
    check: trustProxy,
    default: 'unset',
    meaning:
      'reverse proxies whose `X-Forwarded-For` is believed: a hop count (`1`-`10`) or a comma list of addresses, CIDR ranges and `loopback`/`linklocal`/`uniquelocal`; unset: the TCP peer is the client (see Limits)',
  },
  {
    name: 'REQUEST_BODY_TIMEOUT_MS',
    check: count,
    default: '`30000`',
    meaning:
      "how long a request body may take to arrive once the service starts reading it: later, the request is answered 408 and its connection closed (the image upload allows at least 300000; `0`: no deadline but Node's own; see Limits)",
  },
  {
    name: 'PLATFORM_WEBHOOK_SECRET',
    check: text,
    default: 'unset',
    meaning:
      'HMAC key of commerce-platform webhooks for shops without their own (see Operator: shops); neither set = ingestion answers 503',
  },
  {
    name: 'LOG_LEVEL',
    check: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    default: '`info`',
    meaning: 'pino level (`silent` in tests)',
  },
  {
    name: 'PROJECTION_WAIT_MS',
    check: count,
    default: '`5000`',
    meaning:
      'longest a write waits for its read models before answering anyway, and a request for the writes answered ahead of theirs before it (see Architecture)',
  },
  {
    name: 'PROJECTION_POLL_MS',
    check: count,
    default: '`200`',
    meaning: 'how often projections look for events written by other processes',
  },
  {
    name: 'READ_CACHE_DOCUMENTS',
    check: count,
    default: '`10000`',
    meaning:
      'customer, shop and shop-text documents each process serves from memory, per collection (`0`: none, and every write waits for its read models; see Architecture)',
  },
  {
    name: 'IDLE_MEMORY_RELEASE_MS',
    check: count,
    default: '`0` (off)',
    meaning:
      "opt-in forced GC: after a burst of work, a quiet window this long runs V8's full collection (twice, a window apart) so the heap grown under load goes back to the system (measured after the bench with `10000`: PGlite 386 -> 269 MB, PostgreSQL 261 -> 121 MB); `0`: never, V8 decides alone",
  },
  {
    name: 'REBUILD_HEAP_CEILING_MB',
    check: count,
    default: '`0` (off)',
    meaning:
      "opt-in forced GC: a rebuild or a read-model verification runs a full collection whenever its heap in use passes this (the ceiling follows the live size up); keeps a rebuild's peak memory near what is live (measured with `96`: PGlite rebuild of 1,000,000 events 508 -> 358 MB peak), for about 10 % more CPU; `0`: V8 decides alone",
  },
  {
    name: 'DEMO_SHOP',
    check: flag,
    default: '`true`; `false` when `NODE_ENV=production`',
    meaning:
      '`false` skips the demo shop on first embedded start (everything in PGlite) and turns off the demo storefront (`/widget/demo/`) and its proof route (404); its keys are kept in `DATA_DIR/demo-shop.json`, never logged',
  },
  {
    name: 'BIRTHDAY_CHECK_MS',
    check: count,
    default: '`3600000`',
    meaning: 'how often birthday rewards are checked (`0`: never)',
  },
  {
    name: 'EXPIRY_CHECK_MS',
    check: count,
    default: '`3600000`',
    meaning: 'how often points expiry and its warnings are checked (`0`: never)',
  },
  {
    name: 'PENDING_RELEASE_CHECK_MS',
    check: count,
    default: '`300000`',
    meaning:
      'how often held (pending) order points, and referral rewards past their waiting days, are paid when due (`0`: never)',
  },
  {
    name: 'TIER_REVIEW_CHECK_MS',
    check: count,
    default: '`3600000`',
    meaning: 'how often tier retention reviews run (`0`: never)',
  },
  {
    name: 'COUPON_EXPIRY_CHECK_MS',
    check: count,
    default: '`3600000`',
    meaning: 'how often coupons past their `expiresInDays` are expired (`0`: never)',
  },
  {
    name: 'IMPACT_RESEND_CHECK_MS',
    check: count,
    default: '`60000`',
    meaning:
      'how often impact contributions left pending (a process stopped between spend and send) are sent again (`0`: never)',
  },
  {
    name: 'COMMERCE_PLATFORM_URL',
    check: platformUrl,
    default: 'unset',
    meaning:
      "the platform admin API for coupons, store credit and collections, e.g. `https://{domain}/admin/api/2025-01` (`{domain}` = the shop's domain); unset = the embedded adapter keeps codes itself",
  },
  {
    name: 'COMMERCE_PLATFORM_TOKEN',
    check: text,
    default: 'unset',
    meaning: 'access token sent as `X-Platform-Access-Token`',
  },
  {
    name: 'COMMERCE_PLATFORM_TIMEOUT_MS',
    check: count,
    default: '`10000`',
    meaning: 'per admin API call',
  },
  {
    name: 'CHAT_API_URL',
    check: url(['http:', 'https:']),
    default: '`https://api.line.me`',
    meaning:
      "the chat network's API for the chat login: the OAuth 2.0 token endpoint `<url>/oauth2/v2.1/token` and the profile `<url>/v2/profile`",
  },
  {
    name: 'CHAT_AUTHORIZE_URL',
    check: url(['http:', 'https:']),
    default: '`https://access.line.me/oauth2/v2.1/authorize`',
    meaning: "the chat network's OAuth 2.0 authorization page the chat login's `authUrl` opens",
  },
  {
    name: 'CHAT_CALLBACK_URL',
    check: url(['http:', 'https:']),
    default: '`http://localhost:<PORT>/app/api/v1/headless/social/chat/callback`; unset when `NODE_ENV=production`',
    meaning:
      "the chat login's `redirect_uri`: this service's public callback as the shopper's browser reaches it (register it on the chat channel). With `NODE_ENV=production` it has no default and must be https (or a loopback address); while it is unset, connecting a shop's chat channel answers 400 `CHAT_NOT_CONNECTED` and `config check` warns",
  },
  {
    name: 'CHAT_LOGIN_TTL_SECONDS',
    check: count,
    default: '`600`',
    meaning: "how long a chat login's single-use `state` is accepted after `auth-url` made it",
  },
  {
    name: 'REFERRAL_INVITES_PER_CODE_PER_DAY',
    check: count,
    default: '`50`',
    meaning:
      'new friends a referral code accepts through the public claim (`POST /referrals/claim`) per UTC day; more is 429 `REFERRAL_INVITES_EXHAUSTED`',
  },
  {
    name: 'CHAT_TIMEOUT_MS',
    check: count,
    default: '`10000`',
    meaning: 'per call to the chat network (token exchange, profile)',
  },
  {
    name: 'REDIS_URL',
    check: url(['redis:', 'rediss:']),
    default: 'unset',
    meaning: 'Redis for the headless rate limits (shared by every process); unset = in-memory limits per process',
  },
  {
    name: 'RATE_LIMIT_PREFIX',
    check: text,
    default: '`loyalty`',
    meaning: 'prefix of the rate-limit keys in Redis',
  },
  {
    name: 'HEADLESS_TOKEN_TTL_SECONDS',
    check: count,
    default: '`3600`',
    meaning: 'lifetime of a headless bearer token (`expiresIn`)',
  },
  {
    name: 'HEADLESS_TOKEN_QUOTA_CUSTOMER',
    check: quota,
    default: '`10/60`',
    meaning: 'token mints per (shop, customer): `<requests>/<seconds>`',
  },
  {
    name: 'HEADLESS_TOKEN_QUOTA_IP',
    check: quota,
    default: '`300/60`',
    meaning: 'token mints per client IP',
  },
  {
    name: 'HEADLESS_REQUEST_QUOTA_TOKEN',
    check: quota,
    default: '`300/60`',
    meaning: 'requests per bearer token on the other headless endpoints',
  },
  {
    name: 'HEADLESS_PUBLIC_QUOTA_IP',
    check: quota,
    default: '`600/60`',
    meaning: 'public `GET /programs` per client IP',
  },
  {
    name: 'HEADLESS_LIMITER_RETRY_AFTER_SECONDS',
    check: count,
    default: '`5`',
    meaning: '`Retry-After` of a 503 `RATE_LIMITER_UNAVAILABLE`',
  },
  {
    name: 'COMMERCE_PLATFORM_CUSTOMER_API_URL',
    check: url(['http:', 'https:']),
    default: 'derived',
    meaning:
      "the platform's customer account API (GraphQL) that checks a customer's own access token (headless grant `shopify_customer_token`); default: `COMMERCE_PLATFORM_URL` with `/admin/api/<v>` read as `/account/customer/api/<v>/graphql`",
  },
  {
    name: 'WEBHOOK_WORKER',
    check: flag,
    default: '`true`',
    meaning: 'run the webhook delivery worker in this process (`false`: projector only)',
  },
  {
    name: 'WEBHOOK_ALLOW_LOOPBACK',
    check: flag,
    default: '`true` when everything is in PGlite, else `false`',
    meaning: 'accept `http://127.0.0.1`/`localhost` webhook URLs (development, tests)',
  },
  {
    name: 'WEBHOOK_MAX_ATTEMPTS',
    check: count,
    default: '`8`',
    meaning:
      'attempts per delivery before it is marked failed, when the receiver refuses that delivery while it accepts others (never during an outage: see Webhooks, Outages)',
  },
  {
    name: 'WEBHOOK_BACKOFF_BASE_MS',
    check: count,
    default: '`60000`',
    meaning: 'first retry delay; attempt n waits base x factor^(n-1), +-20% jitter',
  },
  {
    name: 'WEBHOOK_BACKOFF_FACTOR',
    check: factor,
    default: '`3`',
    meaning: 'with the defaults: 1, 3, 9, 27, 81, 243, 729 minutes (about 18 h over 8 attempts)',
  },
  {
    name: 'WEBHOOK_TIMEOUT_MS',
    check: count,
    default: '`5000`',
    meaning: 'per attempt',
  },
  {
    name: 'WEBHOOK_PAUSE_AFTER_FAILURES',
    check: count,
    default: '`5`',
    meaning:
      "failed attempts in a row (across a webhook's deliveries) that pause it: deliveries wait, one probe at a time",
  },
  {
    name: 'WEBHOOK_PROBE_BASE_MS',
    check: count,
    default: '`5000` (or the backoff base, if smaller)',
    meaning: "the wait before a paused webhook's first probe; each next probe waits the backoff factor times longer",
  },
  {
    name: 'WEBHOOK_PROBE_MAX_MS',
    check: count,
    default: '`3600000`',
    meaning: 'the longest wait between two probes of a paused webhook',
  },
  {
    name: 'WEBHOOK_DISABLE_AFTER_HOURS',
    check: count,
    default: '`72`',
    meaning: 'a webhook whose every attempt has failed for this long is disabled (its deliveries stay pending)',
  },
  {
    name: 'WEBHOOK_POLL_MS',
    check: count,
    default: '`1000`',
    meaning: 'how often an idle worker looks for due deliveries',
  },
  {
    name: 'WEBHOOK_LEASE_MS',
    check: count,
    default: '`30000`',
    meaning: 'a claimed delivery whose worker died becomes due again after this',
  },
  {
    name: 'PERSONAL_DATA_KEY',
    check: text,
    default: 'a fixed development key; required when `NODE_ENV=production`',
    meaning:
      "32 bytes (64 hex digits or base64): the service key that wraps every customer's personal data key (see Privacy)",
  },
  {
    name: 'PERSONAL_DATA_KEYS_RETIRED',
    check: text,
    default: 'unset',
    meaning:
      'earlier service keys, comma-separated, each encoded as `PERSONAL_DATA_KEY`: still accepted for unwrapping data keys until `loyalty keys rewrap` has moved them all to the current key (see Privacy, rotating the service key)',
  },
  {
    name: 'NODE_ENV',
    check: text,
    default: 'unset',
    meaning: '`production` makes `PERSONAL_DATA_KEY` and `PUBLIC_URL` required (the development key is refused)',
  },
  {
    name: 'AUDIT_SIGNING_KEY',
    check: text,
    default: 'unset',
    meaning:
      'Ed25519 private key (PEM text or file path) signing audit exports; unset: generated in `DATA_DIR` on the embedded store, required with `DATABASE_URL` (see Auditors)',
  },
  {
    name: 'TRANSLATE_URL',
    check: url(['http:', 'https:']),
    default: 'unset',
    meaning:
      'a LibreTranslate-compatible server for machine translation (`POST <url>/translate`); unset = the embedded translator, which translates nothing and reports every text as untranslated',
  },
  {
    name: 'TRANSLATE_API_KEY',
    check: text,
    default: 'unset',
    meaning: 'sent as `api_key` to that server',
  },
  {
    name: 'TRANSLATE_TIMEOUT_MS',
    check: count,
    default: '`30000`',
    meaning: 'per request to the translator',
  },
  {
    name: 'IMPACT_PROVIDER_URL',
    check: url(['http:', 'https:']),
    default: 'unset',
    meaning:
      'the environmental-impact provider (JSON REST: `POST <url>/contributions`, `GET <url>/customers/<id>/totals`); unset = the embedded provider, which records contributions in memory and confirms them',
  },
  {
    name: 'IMPACT_PROVIDER_API_KEY',
    check: text,
    default: 'unset',
    meaning: 'sent as `Authorization: Bearer <key>` to that provider (required with `IMPACT_PROVIDER_URL`)',
  },
  {
    name: 'IMPACT_PROVIDER_TIMEOUT_MS',
    check: count,
    default: '`10000`',
    meaning: 'per request to the impact provider; a timeout fails the contribution (its points are returned)',
  },
  {
    name: 'TRANSLATION_WORKER',
    check: flag,
    default: '`true`',
    meaning:
      'run the background job worker (translation jobs, every kind of the background jobs outbox) in this process',
  },
  {
    name: 'TRANSLATION_JOB_POLL_MS',
    check: count,
    default: '`2000`',
    meaning: 'how often an idle worker looks for due background jobs',
  },
  {
    name: 'TRANSLATION_JOB_LEASE_MS',
    check: count,
    default: '`600000`',
    meaning: 'a claimed job whose worker died can be taken over after this',
  },
  {
    name: 'TRANSLATION_JOB_MAX_ATTEMPTS',
    check: count,
    default: '`6`',
    meaning: 'attempts before a job is marked failed',
  },
  {
    name: 'TRANSLATION_JOB_BACKOFF_BASE_MS',
    check: count,
    default: '`30000`',
    meaning: 'first retry delay; attempt n waits base x factor^(n-1)',
  },
  {
    name: 'TRANSLATION_JOB_BACKOFF_FACTOR',
    check: factor,
    default: '`4`',
    meaning: 'with the defaults: 30 s, 2, 8, 32, 128 minutes',
  },
  {
    name: 'LOYALTY_IN_MEMORY',
    check: flag,
    default: '`false`',
    meaning: 'tests only: keep every store in memory for the process (no `DATA_DIR`)',
  },
];

/** Checks every variable that is set; the first bad one stops the start, named with its value. */
/** A value as an error may show it: a URL's password (`//user:secret@`) masked, so no log gets it. */
function withoutPassword(value: string): string {
  return value.replace(/(\/\/[^:/@\s]*:)[^@\s]*@/, '$1***@');
}

export function validateEnvironment(env: Record<string, string | undefined>): void {
  for (const variable of CONFIG_VARIABLES) {
    const value = env[variable.name];
    if (value === undefined || value === '') continue;
    const checked = variable.check.safeParse(value);
    if (!checked.success) {
      throw new ConfigError(`${variable.name} ${checked.error.issues[0].message} (got "${withoutPassword(value)}")`);
    }
  }
}
