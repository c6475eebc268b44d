import {
  DynamicModule,
  Inject,
  Module,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  Provider,
  Type,
} from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, ModuleRef } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { TerminusModule } from '@nestjs/terminus';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import { AppConfig } from './config/app-config';
import { STORAGE, Storage } from './infrastructure/storage';
import { EVENT_STORE } from './infrastructure/event-store/event-store.port';
import { SESSION_REVOCATIONS } from './infrastructure/sessions/session-revocations.port';
import { ERASURE_COMPACTION } from './infrastructure/personal-data/erasure-compaction.port';
import { PERSONAL_DATA_KEYS, PERSONAL_DATA_SHREDDER } from './infrastructure/personal-data/personal-data-keys.port';
import { HASH_SECRETS } from './infrastructure/personal-data/hash-secrets.port';
import { SealingEventStore } from './infrastructure/personal-data/sealing-event-store';
import { CUSTOMER_PERSONAL_FIELDS } from './ledger/personal-fields';
import { READ_STORE } from './infrastructure/read-store/read-store.port';
import { CLOCK, Clock, ID_GENERATOR, IdGenerator, systemClock } from './shared/domain/clock';
import { timeOrderedIds } from './shared/domain/ids';
import { ApiExceptionFilter } from './shared/http/api-exception.filter';
import { RouteIndex } from './infrastructure/runtime/express-routes';
import { ROOT_LOGGER } from './shared/http/request-log';
import { SharedFeedReads } from './projections/shared-feed-reads';
import { DocumentCache } from './projections/document-cache';
import { RateLimitRedis } from './shared/http/rate-limit-redis';
import { AuthFailureThrottle } from './shared/http/auth-throttle/auth-failure-throttle';
import { Projection, PROJECTIONS } from './projections/projection';
import { ProjectionRunner } from './projections/projection-runner';
import { DecisionRunner } from './event-sourcing/decision-runner';
import { ReadYourWrites } from './projections/read-your-writes';
import { ReadYourWritesInterceptor } from './projections/answers-ahead';
import { AfterAppend } from './event-sourcing/after-append.port';
import { CommandMetas } from './event-sourcing/command-metas';
import { HealthController } from './health/health.controller';
import { Metrics } from './metrics/metrics';
import { MetricsController } from './metrics/metrics.controller';
import { LEDGER } from './ledger/ledger.providers';
import { TIERS_CAPABILITY } from './tiers/tiers.providers';
import { SHOPS_CAPABILITY } from './shops/shops.providers';
import { OPERATOR } from './operator/operator.providers';
import { PLATFORM } from './platform/platform.providers';
import { WEBHOOKS_CAPABILITY } from './webhooks/webhooks.providers';
import { PROGRAMS_CAPABILITY } from './programs/programs.providers';
import { PROGRAMS_API } from './programs-api/programs-api.providers';
import { COMMERCE_PLATFORM } from './infrastructure/commerce-platform/commerce-platform.port';
import { HttpCommercePlatform } from './infrastructure/commerce-platform/http-commerce-platform.adapter';
import { ShopDirectory } from './shops/shop-directory';
import { EmbeddedCommercePlatform } from './infrastructure/commerce-platform/embedded-commerce-platform.adapter';
import { WEBHOOK_OUTBOX } from './infrastructure/webhook-outbox/webhook-outbox.port';
import { LEASES } from './infrastructure/leases/leases.port';
import { HOST_RESOLVER, HostResolver } from './infrastructure/dns/host-resolver.port';
import { systemHostResolver } from './infrastructure/dns/system-host-resolver.adapter';
import { AppendSignal } from './event-sourcing/append-signal';
import { BackgroundWork, Capability, worker } from './capability';
import { AUDIT_CAPABILITY } from './audit/audit.providers';
import { TRANSLATIONS_CAPABILITY } from './translations/translations.providers';
import { BACKGROUND_JOBS_CAPABILITY } from './background-jobs/background-jobs.capability';
import { MACHINE_TRANSLATION } from './infrastructure/machine-translation/machine-translation.port';
import { LibreTranslateMachineTranslation } from './infrastructure/machine-translation/libretranslate.adapter';
import { EmbeddedMachineTranslation } from './infrastructure/machine-translation/embedded-machine-translation.adapter';
import { IMPACT_PROVIDER } from './infrastructure/impact-provider/impact-provider.port';
import { HttpImpactProvider } from './infrastructure/impact-provider/http-impact-provider.adapter';
import { EmbeddedImpactProvider } from './infrastructure/impact-provider/embedded-impact-provider.adapter';
import { COUPONS_CAPABILITY } from './ledger/coupons/coupons.capability';
import { TIER_MOVES_CAPABILITY } from './ledger/tiers/tier-moves.capability';
import { EXPIRY_CAPABILITY } from './ledger/expiry/expiry.capability';
import { MILESTONES_CAPABILITY } from './ledger/milestones/milestones.capability';
import { REFERRALS_CAPABILITY } from './ledger/referrals/referrals.capability';
import { IMPACT_CAPABILITY } from './ledger/impact/impact.capability';
import { SUBMISSIONS_CAPABILITY } from './ledger/submissions/submissions.capability';
import { STREAK_CAPABILITY } from './ledger/streak/streak.capability';
import { SOCIAL_LINKS_CAPABILITY } from './ledger/social-links/social-links.capability';
import { WALLET_PASSES_CAPABILITY } from './ledger/wallet-passes/wallet-passes.capability';
import { STOREFRONT_EARN_CAPABILITY } from './ledger/storefront-earn/storefront-earn.capability';
import { STOREFRONT_API_CAPABILITY } from './storefront-api/storefront-api.capability';
import { HEADLESS_CAPABILITY } from './headless/headless.providers';
import { CHAT_LOGIN_CAPABILITY } from './ledger/social-links/chat/chat.capability';
import { WIDGET_CAPABILITY } from './widget/widget.providers';
import { CONSOLE_CAPABILITY } from './console/console.providers';
import { OBJECT_STORAGE, ObjectStorage } from './infrastructure/object-storage/object-storage.port';
import { objectStorageFor } from './infrastructure/object-storage/object-storage.factory';
import { PRIVACY_CAPABILITY } from './privacy/privacy.providers';
import { PERSONAL_LOG_PATHS, redactEmails } from './shared/redact-personal';
import { IdleMemoryRelease } from './infrastructure/runtime/idle-memory-release';

const CAPABILITIES: Capability[] = [
  SHOPS_CAPABILITY,
  OPERATOR,
  TIERS_CAPABILITY,
  PROGRAMS_CAPABILITY,
  PROGRAMS_API,
  STOREFRONT_API_CAPABILITY,
  LEDGER,
  COUPONS_CAPABILITY,
  TIER_MOVES_CAPABILITY,
  EXPIRY_CAPABILITY,
  MILESTONES_CAPABILITY,
  REFERRALS_CAPABILITY,
  IMPACT_CAPABILITY,
  SUBMISSIONS_CAPABILITY,
  STREAK_CAPABILITY,
  SOCIAL_LINKS_CAPABILITY,
  CHAT_LOGIN_CAPABILITY,
  WALLET_PASSES_CAPABILITY,
  STOREFRONT_EARN_CAPABILITY,
  PLATFORM,
  WEBHOOKS_CAPABILITY,
  AUDIT_CAPABILITY,
  TRANSLATIONS_CAPABILITY,
  HEADLESS_CAPABILITY,
  WIDGET_CAPABILITY,
  CONSOLE_CAPABILITY,
  BACKGROUND_JOBS_CAPABILITY,
  PRIVACY_CAPABILITY,
];
const PROJECTION_CLASSES: Type<Projection>[] = CAPABILITIES.flatMap((c) => c.projections);
/** The projections first, then each capability's schedulers and workers, in the capabilities' order. */
const BACKGROUND: BackgroundWork[] = [worker(ProjectionRunner), ...CAPABILITIES.flatMap((c) => c.background ?? [])];

export { STORAGE };

export interface AppModuleOptions {
  config: AppConfig;
  storage: Storage;
  clock?: Clock;
  ids?: IdGenerator;
  /** Name resolution for webhook URLs (tests: a table, no network). */
  hostResolver?: HostResolver;
  /** Where uploaded files are kept (default: local disk under UPLOADS_DIR; tests: a failing store). */
  objectStorage?: ObjectStorage;
  /** false: projections are only run on demand (CLI). */
  followProjections?: boolean;
}

/** The root logger: credentials and personal data redacted (see docs/privacy.md). */
function rootLoggerOf(config: AppConfig): pino.Logger {
  return pino({
    level: config.logLevel,
    redact: [
      'req.headers["x-svc-loyalty-secret-key"]',
      'req.headers.authorization',
      'req.headers["x-platform-hmac-sha256"]',
      ...PERSONAL_LOG_PATHS,
    ],
    // Every message's text (errors included) loses the email addresses it carries.
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg: unknown) => (typeof arg === 'string' ? redactEmails(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  });
}

/** The environmental-impact provider: the configured HTTP one, else the embedded one (records locally). */
const impactProviderFor = (config: AppConfig): Provider => ({
  provide: IMPACT_PROVIDER,
  useFactory: () =>
    config.impactProvider ? new HttpImpactProvider(config.impactProvider) : new EmbeddedImpactProvider(),
});

/** The ports to systems outside the service: each the configured adapter, else its embedded stand-in. */
function externalSystemProviders({ config, storage, objectStorage }: AppModuleOptions): Provider[] {
  return [
    {
      provide: COMMERCE_PLATFORM,
      inject: [ShopDirectory],
      useFactory: (shops: ShopDirectory) =>
        config.commercePlatform
          ? new HttpCommercePlatform({
              ...config.commercePlatform,
              domainOf: async (shopId) => (await shops.byId(shopId))?.domain ?? shopId,
            })
          : new EmbeddedCommercePlatform(storage.readStore),
    },
    {
      provide: MACHINE_TRANSLATION,
      useFactory: () =>
        config.machineTranslation
          ? new LibreTranslateMachineTranslation(config.machineTranslation)
          : new EmbeddedMachineTranslation(),
    },
    impactProviderFor(config),
    { provide: OBJECT_STORAGE, useValue: objectStorage ?? objectStorageFor(config) },
  ];
}

@Module({})
export class AppModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private memory: IdleMemoryRelease | null = null;

  constructor(
    private readonly config: AppConfig,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject('FOLLOW_PROJECTIONS') private readonly follow: boolean,
    private readonly moduleRef: ModuleRef,
  ) {}

  static forRoot(options: AppModuleOptions): DynamicModule {
    const { config, storage } = options;
    const rootLogger = rootLoggerOf(config);
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        TerminusModule.forRoot({ logger: false }),
        // nestjs-pino serves Nest's own logger; request ids and access lines come from requestLog.
        LoggerModule.forRoot({ pinoHttp: { logger: rootLogger }, forRoutes: [] }),
      ],
      controllers: [HealthController, MetricsController, ...CAPABILITIES.flatMap((c) => c.controllers)],
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: ROOT_LOGGER, useValue: rootLogger },
        { provide: STORAGE, useValue: storage },
        { provide: PERSONAL_DATA_KEYS, useValue: storage.personalDataKeys },
        { provide: HASH_SECRETS, useValue: storage.hashSecrets },
        { provide: SESSION_REVOCATIONS, useValue: storage.sessionRevocations },
        { provide: ERASURE_COMPACTION, useValue: storage.erasureCompaction },
        // Every reader and writer of the app sees plain events; the log holds personal fields sealed.
        {
          provide: SealingEventStore,
          useValue: new SealingEventStore(storage.eventStore, storage.personalDataKeys, CUSTOMER_PERSONAL_FIELDS),
        },
        { provide: EVENT_STORE, useExisting: SealingEventStore },
        { provide: PERSONAL_DATA_SHREDDER, useExisting: SealingEventStore },
        { provide: READ_STORE, useValue: storage.readStore },
        { provide: WEBHOOK_OUTBOX, useValue: storage.webhookOutbox },
        { provide: LEASES, useValue: storage.leases },
        ...externalSystemProviders(options),
        AppendSignal,
        SharedFeedReads,
        DocumentCache,
        { provide: CLOCK, useValue: options.clock ?? systemClock },
        { provide: ID_GENERATOR, useValue: options.ids ?? timeOrderedIds },
        { provide: HOST_RESOLVER, useValue: options.hostResolver ?? systemHostResolver },
        { provide: 'FOLLOW_PROJECTIONS', useValue: options.followProjections !== false },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        RouteIndex,
        ...PROJECTION_CLASSES,
        { provide: PROJECTIONS, useFactory: (...projections: Projection[]) => projections, inject: PROJECTION_CLASSES },
        Metrics,
        RateLimitRedis,
        AuthFailureThrottle,
        ProjectionRunner,
        ReadYourWrites,
        { provide: AfterAppend, useExisting: ReadYourWrites },
        { provide: APP_INTERCEPTOR, useClass: ReadYourWritesInterceptor },
        DecisionRunner,
        CommandMetas,
        ...CAPABILITIES.flatMap((c) => c.providers),
      ],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.follow) return;
    for (const work of BACKGROUND) await work.start(this.moduleRef.get(work.type), this.config);
    if (this.config.idleMemoryReleaseMs > 0) {
      this.memory = new IdleMemoryRelease(this.config.idleMemoryReleaseMs);
      this.memory.start();
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.memory?.stop();
    // The last started first: the workers before the feed readers that give them work, the projections last.
    for (const work of [...BACKGROUND].reverse()) await work.stop(this.moduleRef.get(work.type));
    await this.storage.close();
  }
}
