import { createHash } from 'node:crypto';
import { join, resolve } from 'node:path';
import { TrustProxy, trustProxySetting } from './trust-proxy';
import { ConfigError } from './config-error';
import { validateEnvironment } from './config-variables';

export { ConfigError };

export type EventStoreKind = 'postgres' | 'pglite' | 'eventstoredb';
export type ReadStoreKind = 'postgres' | 'pglite' | 'mongodb';

/** `points/seconds`: at most `points` requests per window of `seconds`. */
export interface Quota {
  points: number;
  seconds: number;
}

function quota(value: string | undefined, fallback: string, name: string): Quota {
  const match = /^(\d+)\/(\d+)$/.exec((value || fallback).trim());
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1)
    throw new ConfigError(`${name} must be <requests>/<seconds>, e.g. ${fallback}`);
  return { points: Number(match[1]), seconds: Number(match[2]) };
}

export interface HeadlessConfig {
  /** Lifetime of a headless bearer token (`expiresIn`). */
  tokenTtlSeconds: number;
  /** Prefix of rate-limit keys in Redis (several deployments or test runs can share one Redis). */
  rateLimitPrefix: string;
  tokenPerCustomer: Quota;
  tokenPerIp: Quota;
  requestsPerToken: Quota;
  /** The public program list, per client IP. */
  publicPerIp: Quota;
  /** Retry-After of a 503 RATE_LIMITER_UNAVAILABLE. */
  limiterRetryAfterSeconds: number;
}

/** Everything the service reads from its environment, read once at startup (see docs/configuration.md). */
export class AppConfig {
  readonly port: number;
  readonly host: string;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY; off by default). */
  readonly trustProxy: TrustProxy;
  /** How long a request body may take to arrive once reading starts (408 after). */
  readonly requestBodyTimeoutMs: number;
  /** Set: PostgreSQL server. Unset: embedded PGlite under dataDir. */
  readonly databaseUrl: string | null;
  /** How long a pooled PostgreSQL connection may sit unused before it is closed (0: never). */
  readonly pgPoolIdleMs: number;
  /** The most connections this process opens to PostgreSQL, every pool and the lease connection together. */
  readonly pgPoolMax: number;
  readonly dataDir: string;
  /** Uploaded images (UPLOADS_DIR; default: DATA_DIR/uploads). */
  readonly uploadsDir: string;
  /** The service's public address (PUBLIC_URL; http://localhost:<PORT> outside production), no trailing slash. */
  readonly publicUrl: string;
  /** The address upload and wallet-pass URLs start with (UPLOADS_PUBLIC_URL; default: publicUrl). */
  readonly uploadsPublicUrl: string;
  /** Whether PUBLIC_URL or UPLOADS_PUBLIC_URL was set (then only URLs under it are read back as uploads). */
  readonly publicUrlConfigured: boolean;
  /** Daily upload quotas and the orphan sweep's age (UPLOAD_*). */
  readonly uploads: UploadSettings;
  /** Where uploaded images are kept (OBJECT_STORAGE): local disk (`uploadsDir`), or an S3-compatible bucket. */
  readonly objectStorage: { kind: 'local' } | ({ kind: 's3' } & S3Settings);
  /** Where the event log lives (EVENT_STORE; default: postgres with DATABASE_URL, else pglite). */
  readonly eventStoreKind: EventStoreKind;
  /** Where the read models live (READ_STORE; same default). */
  readonly readStoreKind: ReadStoreKind;
  /** EventStoreDB/KurrentDB connection string, e.g. `esdb://localhost:2113?tls=false`. */
  readonly esdbUrl: string | null;
  /** Prepended to every stream name in EventStoreDB (several environments on one server; tests). */
  readonly esdbStreamNamespace: string;
  /** MongoDB connection string; its path names the database (default `loyalty`). */
  readonly mongoUrl: string | null;
  /** Unset: the operator API under /admin/api is off. */
  readonly adminToken: string | null;
  /** HMAC key the commerce platform signs its webhooks with. Unset: platform ingestion answers 503. */
  readonly platformWebhookSecret: string | null;
  readonly logLevel: string;
  /** In-memory PGlite (tests). */
  readonly inMemory: boolean;
  /** Embedded store: seconds from an erasure to the compaction that takes it off the disk. */
  readonly erasureCompactionSeconds: number;
  /** How long a write waits for its read models before answering anyway. */
  readonly projectionWaitMs: number;
  readonly projectionPollMs: number;
  /** After a burst, a quiet window this long gives the grown heap back by forcing V8's collection (0, the default: never). */
  readonly idleMemoryReleaseMs: number;
  /** A rebuild or a verification forces a full collection whenever its heap in use passes this (MB; 0, the default: V8 decides alone). */
  readonly rebuildHeapCeilingMb: number;
  /** Customer, shop and text documents each process keeps in memory per collection (0: none; see DocumentCache). */
  readonly readCacheDocuments: number;
  readonly createDemoShop: boolean;
  /** Ed25519 private key signing audit exports (PEM text or file path); unset: generated in DATA_DIR on the embedded store. */
  readonly auditSigningKey: string | null;
  /**
   * The service key (32 bytes, hex or base64) that wraps every customer's personal data key
   * (PERSONAL_DATA_KEY). Required in production; elsewhere a fixed development key is used.
   */
  readonly personalDataKey: Buffer;
  /** Earlier service keys still accepted for unwrapping (PERSONAL_DATA_KEYS_RETIRED), until `loyalty keys rewrap` ran. */
  readonly personalDataKeysRetired: Buffer[];
  /** How often birthday rewards are checked (0: never, e.g. in tests that drive it by hand). */
  readonly birthdayCheckMs: number;
  /** How often points expiry and its warnings are checked (0: never). */
  readonly expiryCheckMs: number;
  /** How often held (pending) order points are released when due (0: never). */
  readonly pendingReleaseCheckMs: number;
  /** How often tier retention reviews run (0: never). */
  readonly tierReviewCheckMs: number;
  /** How often issued coupons past their expiry are expired (0: never). */
  readonly couponExpiryCheckMs: number;
  /** How often impact contributions left pending are sent again (0: never). */
  readonly impactResendCheckMs: number;
  /** The platform's admin API for coupons and store credit; null: codes are kept by the embedded adapter. */
  /** A LibreTranslate-compatible server; null: the embedded translator (translates nothing, says so). */
  readonly machineTranslation: { url: string; apiKey: string | null; timeoutMs: number } | null;
  /** The environmental-impact provider; null: the embedded one. */
  readonly impactProvider: { url: string; apiKey: string; timeoutMs: number } | null;
  /** Background jobs of translations (machine translation, embedded content, storefront sync). */
  readonly translationJobs: {
    /** Run the job worker in this process. */
    worker: boolean;
    pollMs: number;
    /** A claimed job whose worker died can be taken over after this. */
    leaseMs: number;
    maxAttempts: number;
    backoffBaseMs: number;
    backoffFactor: number;
  };
  readonly commercePlatform: {
    baseUrl: string;
    accessToken: string;
    timeoutMs: number;
    customerApiUrl?: string;
  } | null;
  /** The chat network of the chat login (OAuth 2.0 authorization code) and how long a login's state lives. */
  readonly chat: ChatLoginSettings;
  /** New friends one referral code accepts through the public claim per UTC day. */
  readonly referralInvitesPerCodePerDay: number;
  /** Redis (rate limits shared by every process); null: in-memory limits, per process. */
  readonly redisUrl: string | null;
  /** Failed authentications before a client IP or a presented key is answered 429 for the window. */
  readonly authFailures: { perIp: Quota; perKey: Quota };
  readonly headless: HeadlessConfig;
  readonly webhooks: {
    /** Run the delivery worker in this process. */
    worker: boolean;
    /** Plain http to loopback receivers (default on the embedded store, off with DATABASE_URL). */
    allowLoopback: boolean;
    maxAttempts: number;
    backoffBaseMs: number;
    backoffFactor: number;
    timeoutMs: number;
    /** Failed attempts in a row (across deliveries) that pause a webhook. */
    pauseAfterFailures: number;
    /** How long a webhook may keep failing (paused, probed) before it is disabled. */
    disableAfterMs: number;
    /** The longest wait between two probes of a paused webhook. */
    probeBaseMs: number;
    probeMaxMs: number;
    pollMs: number;
    leaseMs: number;
  };

  constructor(env: Record<string, string | undefined> = process.env) {
    validateEnvironment(env);
    this.port = portOf(env.PORT);
    this.host = env.HOST ?? '0.0.0.0';
    this.trustProxy = trustProxySetting(env.TRUST_PROXY);
    this.requestBodyTimeoutMs = Number(env.REQUEST_BODY_TIMEOUT_MS || 30_000);
    this.databaseUrl = env.DATABASE_URL || null;
    // Ten minutes: the default of the driver (10 s) closed connections between bursts of traffic, and
    // the next burst paid for new server processes.
    this.pgPoolIdleMs = Number(env.PG_POOL_IDLE_MS ?? 600_000);
    this.pgPoolMax = Number(env.PG_POOL_MAX || 20);
    this.dataDir = resolve(env.DATA_DIR ?? './data');
    this.uploadsDir = env.UPLOADS_DIR ? resolve(env.UPLOADS_DIR) : join(this.dataDir, 'uploads');
    this.publicUrl = publicUrl(env, this.port);
    this.uploadsPublicUrl = env.UPLOADS_PUBLIC_URL ? env.UPLOADS_PUBLIC_URL.replace(/\/+$/, '') : this.publicUrl;
    this.publicUrlConfigured = Boolean(env.PUBLIC_URL || env.UPLOADS_PUBLIC_URL);
    this.objectStorage = objectStorageOf(env);
    this.uploads = uploadSettings(env);
    const sqlDefault = this.databaseUrl ? 'postgres' : 'pglite';
    this.eventStoreKind = oneOf('EVENT_STORE', env.EVENT_STORE || sqlDefault, ['postgres', 'pglite', 'eventstoredb']);
    this.readStoreKind = oneOf('READ_STORE', env.READ_STORE || sqlDefault, ['postgres', 'pglite', 'mongodb']);
    this.esdbUrl = env.ESDB_URL || null;
    this.esdbStreamNamespace = env.ESDB_STREAM_NAMESPACE ?? '';
    this.mongoUrl = env.MONGO_URL || null;
    requireStoreUrls(this);
    this.adminToken = env.ADMIN_TOKEN || null;
    this.platformWebhookSecret = env.PLATFORM_WEBHOOK_SECRET || null;
    this.logLevel = env.LOG_LEVEL ?? 'info';
    this.inMemory = env.LOYALTY_IN_MEMORY === 'true';
    this.erasureCompactionSeconds = Number(env.ERASURE_COMPACTION_SECONDS ?? 30);
    this.projectionWaitMs = Number(env.PROJECTION_WAIT_MS ?? 5000);
    this.projectionPollMs = Number(env.PROJECTION_POLL_MS ?? 200);
    this.idleMemoryReleaseMs = Number(env.IDLE_MEMORY_RELEASE_MS ?? 0);
    this.rebuildHeapCeilingMb = Number(env.REBUILD_HEAP_CEILING_MB ?? 0);
    this.readCacheDocuments = Number(env.READ_CACHE_DOCUMENTS ?? 10_000);
    // In production the demo shop (and its anonymous proof route) is off unless asked for.
    this.createDemoShop = (env.DEMO_SHOP || (env.NODE_ENV === 'production' ? 'false' : 'true')) !== 'false';
    this.auditSigningKey = env.AUDIT_SIGNING_KEY || null;
    this.personalDataKey = personalDataKey(env.PERSONAL_DATA_KEY, env.NODE_ENV === 'production');
    this.personalDataKeysRetired = retiredPersonalDataKeys(env.PERSONAL_DATA_KEYS_RETIRED);
    this.birthdayCheckMs = Number(env.BIRTHDAY_CHECK_MS ?? 3_600_000);
    this.expiryCheckMs = Number(env.EXPIRY_CHECK_MS ?? 3_600_000);
    this.pendingReleaseCheckMs = Number(env.PENDING_RELEASE_CHECK_MS ?? 300_000);
    this.tierReviewCheckMs = Number(env.TIER_REVIEW_CHECK_MS ?? 3_600_000);
    this.couponExpiryCheckMs = Number(env.COUPON_EXPIRY_CHECK_MS ?? 3_600_000);
    this.impactResendCheckMs = Number(env.IMPACT_RESEND_CHECK_MS ?? 60_000);
    this.commercePlatform = commercePlatformOf(env);
    this.machineTranslation = machineTranslationOf(env);
    this.impactProvider = impactProviderOf(env);
    this.translationJobs = translationJobSettings(env);
    this.chat = chatLoginSettings(env, this.port);
    this.referralInvitesPerCodePerDay = Number(env.REFERRAL_INVITES_PER_CODE_PER_DAY || 50);
    this.redisUrl = env.REDIS_URL || null;
    this.authFailures = {
      perIp: quota(env.AUTH_FAILURE_QUOTA_IP, '30/60', 'AUTH_FAILURE_QUOTA_IP'),
      perKey: quota(env.AUTH_FAILURE_QUOTA_KEY, '100/60', 'AUTH_FAILURE_QUOTA_KEY'),
    };
    this.headless = headlessSettings(env);
    this.webhooks = webhookSettings(env, this.embedded);
  }

  get storeKind(): 'postgres' | 'pglite' {
    return this.databaseUrl ? 'postgres' : 'pglite';
  }

  /** Everything in embedded PGlite: the one-command start (demo shop, loopback webhooks allowed). */
  get embedded(): boolean {
    return !this.databaseUrl && this.eventStoreKind === 'pglite' && this.readStoreKind === 'pglite';
  }

  /**
   * Whether this process opens the embedded PGlite directory: for the log or the read models when
   * chosen, and for the webhook outbox and checkpoints whenever DATABASE_URL is unset.
   */
  get usesEmbeddedStore(): boolean {
    return !this.inMemory && (!this.databaseUrl || this.eventStoreKind === 'pglite' || this.readStoreKind === 'pglite');
  }
}

/** What one customer and one shop may upload a day, and how long an unattached upload is kept. */
export interface UploadSettings {
  customerDailyFiles: number;
  customerDailyBytes: number;
  shopDailyFiles: number;
  shopDailyBytes: number;
  orphanTtlSeconds: number;
}

function uploadSettings(env: Env): UploadSettings {
  return {
    customerDailyFiles: numberOf(env, 'UPLOAD_CUSTOMER_DAILY_FILES', 30),
    customerDailyBytes: numberOf(env, 'UPLOAD_CUSTOMER_DAILY_BYTES', 50 * 1024 * 1024),
    shopDailyFiles: numberOf(env, 'UPLOAD_SHOP_DAILY_FILES', 3000),
    shopDailyBytes: numberOf(env, 'UPLOAD_SHOP_DAILY_BYTES', 3 * 1024 * 1024 * 1024),
    orphanTtlSeconds: numberOf(env, 'UPLOAD_ORPHAN_TTL_SECONDS', 86_400),
  };
}

/** Each store chosen needs its URL. */
/** The S3-compatible store of OBJECT_STORAGE=s3. */
export interface S3Settings {
  bucket: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null: the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

function commercePlatformOf(env: Env): AppConfig['commercePlatform'] {
  if (!env.COMMERCE_PLATFORM_URL) return null;
  return {
    baseUrl: env.COMMERCE_PLATFORM_URL,
    accessToken: env.COMMERCE_PLATFORM_TOKEN ?? '',
    timeoutMs: Number(env.COMMERCE_PLATFORM_TIMEOUT_MS ?? 10_000),
    ...(env.COMMERCE_PLATFORM_CUSTOMER_API_URL ? { customerApiUrl: env.COMMERCE_PLATFORM_CUSTOMER_API_URL } : {}),
  };
}

function machineTranslationOf(env: Env): AppConfig['machineTranslation'] {
  if (!env.TRANSLATE_URL) return null;
  return {
    url: env.TRANSLATE_URL,
    apiKey: env.TRANSLATE_API_KEY || null,
    timeoutMs: numberOf(env, 'TRANSLATE_TIMEOUT_MS', 30_000),
  };
}

function translationJobSettings(env: Env): AppConfig['translationJobs'] {
  return {
    worker: (env.TRANSLATION_WORKER ?? 'true') !== 'false',
    pollMs: numberOf(env, 'TRANSLATION_JOB_POLL_MS', 2000),
    leaseMs: numberOf(env, 'TRANSLATION_JOB_LEASE_MS', 600_000),
    maxAttempts: numberOf(env, 'TRANSLATION_JOB_MAX_ATTEMPTS', 6),
    backoffBaseMs: numberOf(env, 'TRANSLATION_JOB_BACKOFF_BASE_MS', 30_000),
    backoffFactor: numberOf(env, 'TRANSLATION_JOB_BACKOFF_FACTOR', 4),
  };
}

/** The environmental-impact provider (null: the embedded one); a URL needs its API key. */
function impactProviderOf(env: Record<string, string | undefined>): AppConfig['impactProvider'] {
  if (!env.IMPACT_PROVIDER_URL) return null;
  if (!env.IMPACT_PROVIDER_API_KEY)
    throw new ConfigError('IMPACT_PROVIDER_API_KEY is required with IMPACT_PROVIDER_URL');
  const timeout = env.IMPACT_PROVIDER_TIMEOUT_MS;
  return {
    url: env.IMPACT_PROVIDER_URL,
    apiKey: env.IMPACT_PROVIDER_API_KEY,
    timeoutMs: timeout ? Number(timeout) : 10_000,
  };
}

function objectStorageOf(env: Record<string, string | undefined>): AppConfig['objectStorage'] {
  if ((env.OBJECT_STORAGE || 'local') === 'local') return { kind: 'local' };
  if (!env.S3_BUCKET) throw new ConfigError('S3_BUCKET is required with OBJECT_STORAGE=s3');
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together, or neither');
  const endpoint = env.S3_ENDPOINT || null;
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    endpoint,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : endpoint !== null,
    credentials: env.S3_ACCESS_KEY_ID
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY! }
      : null,
  };
}

function requireStoreUrls(config: AppConfig): void {
  const { eventStoreKind, readStoreKind } = config;
  const needs: Array<[boolean, string, string | null]> = [
    [eventStoreKind === 'postgres' || readStoreKind === 'postgres', 'DATABASE_URL', config.databaseUrl],
    [eventStoreKind === 'eventstoredb', 'ESDB_URL', config.esdbUrl],
    [readStoreKind === 'mongodb', 'MONGO_URL', config.mongoUrl],
  ];
  for (const [needed, name, value] of needs) {
    if (needed && !value) {
      throw new ConfigError(`${name} is required with EVENT_STORE=${eventStoreKind} READ_STORE=${readStoreKind}`);
    }
  }
}

type Env = Record<string, string | undefined>;

const numberOf = (env: Env, name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);

function headlessSettings(env: Env): AppConfig['headless'] {
  const number = (name: string, fallback: number) => numberOf(env, name, fallback);
  return {
    tokenTtlSeconds: number('HEADLESS_TOKEN_TTL_SECONDS', 3600),
    rateLimitPrefix: env.RATE_LIMIT_PREFIX || 'loyalty',
    tokenPerCustomer: quota(env.HEADLESS_TOKEN_QUOTA_CUSTOMER, '10/60', 'HEADLESS_TOKEN_QUOTA_CUSTOMER'),
    tokenPerIp: quota(env.HEADLESS_TOKEN_QUOTA_IP, '300/60', 'HEADLESS_TOKEN_QUOTA_IP'),
    requestsPerToken: quota(env.HEADLESS_REQUEST_QUOTA_TOKEN, '300/60', 'HEADLESS_REQUEST_QUOTA_TOKEN'),
    publicPerIp: quota(env.HEADLESS_PUBLIC_QUOTA_IP, '600/60', 'HEADLESS_PUBLIC_QUOTA_IP'),
    limiterRetryAfterSeconds: number('HEADLESS_LIMITER_RETRY_AFTER_SECONDS', 5),
  };
}

/** `embedded`: loopback webhook URLs are allowed by default (the one-command start). */
function webhookSettings(env: Env, embedded: boolean): AppConfig['webhooks'] {
  const number = (name: string, fallback: number) => numberOf(env, name, fallback);
  return {
    worker: (env.WEBHOOK_WORKER ?? 'true') !== 'false',
    allowLoopback: env.WEBHOOK_ALLOW_LOOPBACK ? env.WEBHOOK_ALLOW_LOOPBACK === 'true' : embedded,
    maxAttempts: number('WEBHOOK_MAX_ATTEMPTS', 8),
    backoffBaseMs: number('WEBHOOK_BACKOFF_BASE_MS', 60_000),
    backoffFactor: number('WEBHOOK_BACKOFF_FACTOR', 3),
    timeoutMs: number('WEBHOOK_TIMEOUT_MS', 5000),
    pauseAfterFailures: number('WEBHOOK_PAUSE_AFTER_FAILURES', 5),
    disableAfterMs: number('WEBHOOK_DISABLE_AFTER_HOURS', 72) * 3_600_000,
    // Seconds, not the retry's minute: a short outage should end soon after the receiver is back.
    probeBaseMs: number('WEBHOOK_PROBE_BASE_MS', Math.min(5000, number('WEBHOOK_BACKOFF_BASE_MS', 60_000))),
    probeMaxMs: number('WEBHOOK_PROBE_MAX_MS', 3_600_000),
    pollMs: number('WEBHOOK_POLL_MS', 1000),
    leaseMs: number('WEBHOOK_LEASE_MS', 30_000),
  };
}

/** PORT: unset or empty is 3000; 0 asks the system for a free port; anything else a TCP port. */
function portOf(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 3000;
  const port = Number(value);
  if (!/^\d+$/.test(value.trim()) || port > 65535) {
    throw new ConfigError(`PORT must be a TCP port number from 0 to 65535 (got "${value}")`);
  }
  return port;
}

function oneOf<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new ConfigError(`${name} must be one of ${allowed.join(', ')} (got "${value}")`);
  }
  return value as T;
}

/** The development key: the service's name hashed. Never used when NODE_ENV=production. */
const DEV_PERSONAL_DATA_KEY = createHash('sha256').update('loyalty-service development personal data key').digest();

function personalDataKey(value: string | undefined, production: boolean): Buffer {
  if (!value) {
    if (production) throw new ConfigError('PERSONAL_DATA_KEY is required in production (32 bytes, hex or base64)');
    return DEV_PERSONAL_DATA_KEY;
  }
  return serviceKeyOf(value, 'PERSONAL_DATA_KEY');
}

function serviceKeyOf(value: string, name: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new ConfigError(`${name} must be 32 bytes (64 hex digits or base64)`);
  return key;
}

/** A comma list of service keys, each encoded as PERSONAL_DATA_KEY is. */
function retiredPersonalDataKeys(value: string | undefined): Buffer[] {
  const listed = (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return listed.map((v, i) => serviceKeyOf(v, `PERSONAL_DATA_KEYS_RETIRED (key ${i + 1})`));
}

export interface ChatLoginSettings {
  /** Token endpoint `<apiUrl>/oauth2/v2.1/token`, profile `<apiUrl>/v2/profile`. */
  apiUrl: string;
  authorizeUrl: string;
  /** The login's redirect_uri: the service's public callback; null: unset in production (no chat login). */
  callbackUrl: string | null;
  stateTtlSeconds: number;
  timeoutMs: number;
}

/**
 * The address answers render file URLs with: configuration only, so no request header (Host,
 * X-Forwarded-*) can make a stored or answered URL point elsewhere. Production has no default.
 */
function publicUrl(env: Record<string, string | undefined>, port: number): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  if (env.NODE_ENV === 'production')
    throw new ConfigError(
      "PUBLIC_URL is required when NODE_ENV=production: the service's public address, e.g. https://loyalty.example.com",
    );
  return `http://localhost:${port}`;
}

/**
 * The chat login's callback: in production no localhost default, and over https unless it is a
 * loopback address (the shopper's browser is sent there with the login's code).
 */
function chatCallbackUrl(env: Record<string, string | undefined>, port: number): string | null {
  const production = env.NODE_ENV === 'production';
  const set = env.CHAT_CALLBACK_URL || null;
  if (!set) return production ? null : `http://localhost:${port}/app/api/v1/headless/social/chat/callback`;
  const url = new URL(set);
  const loopback = ['localhost', '[::1]'].includes(url.hostname) || /^127\./.test(url.hostname);
  if (production && url.protocol !== 'https:' && !loopback)
    throw new ConfigError(`CHAT_CALLBACK_URL must be an https URL when NODE_ENV=production (got "${set}")`);
  return set;
}

function chatLoginSettings(env: Record<string, string | undefined>, port: number): ChatLoginSettings {
  return {
    apiUrl: env.CHAT_API_URL || 'https://api.line.me',
    authorizeUrl: env.CHAT_AUTHORIZE_URL || 'https://access.line.me/oauth2/v2.1/authorize',
    callbackUrl: chatCallbackUrl(env, port),
    stateTtlSeconds: Number(env.CHAT_LOGIN_TTL_SECONDS || 600),
    timeoutMs: Number(env.CHAT_TIMEOUT_MS || 10_000),
  };
}
