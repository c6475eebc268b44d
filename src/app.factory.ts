import { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { openStorage, Storage } from './infrastructure/storage';
import { AppModule, AppModuleOptions } from './app.module';
import { validationPipe } from './shared/http/validation';
import { requestLog, ROOT_LOGGER } from './shared/http/request-log';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { Metrics } from './metrics/metrics';
import { inputPolicy } from './shared/http/input/input-policy.middleware';
import { expressRoutesOf } from './infrastructure/runtime/express-routes';
import { quietStartup } from './infrastructure/runtime/quiet-startup-logger';
import { authThrottle } from './shared/http/auth-throttle/auth-throttle.middleware';
import { AuthFailureThrottle } from './shared/http/auth-throttle/auth-failure-throttle';
import { Clock, IdGenerator } from './shared/domain/clock';
import { HostResolver } from './infrastructure/dns/host-resolver.port';

export interface CreateAppOptions {
  config?: AppConfig;
  storage?: Storage;
  clock?: Clock;
  ids?: IdGenerator;
  hostResolver?: HostResolver;
  followProjections?: boolean;
}

async function moduleOptions(options: CreateAppOptions): Promise<AppModuleOptions> {
  const config = options.config ?? new AppConfig();
  const storage = options.storage ?? (await openStorage(config));
  return {
    config,
    storage,
    clock: options.clock,
    ids: options.ids,
    hostResolver: options.hostResolver,
    followProjections: options.followProjections,
  };
}

/** The HTTP application, configured the same way for `npm start`, the tests and the benchmark. */
export async function createHttpApp(options: CreateAppOptions = {}): Promise<INestApplication> {
  const module = await moduleOptions(options);
  // Bodies are read by the input policy (size, depth, encoding, text), not by the stock parsers.
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(module), {
    bodyParser: false,
    bufferLogs: true,
  });
  app.useLogger(quietStartup(app.get(Logger)));
  // Before anything reads request.ip: the client is the first address no trusted proxy vouches for.
  app.set('trust proxy', module.config.trustProxy);
  app.use(requestLog(app.get(ROOT_LOGGER)));
  app.use(httpMetrics(app.get(Metrics)));
  app.use(authThrottle(app.get(AuthFailureThrottle)));
  app.use(inputPolicy(expressRoutesOf));
  app.useGlobalPipes(validationPipe());
  app.disable('x-powered-by');
  // Express would hash every JSON answer for a weak ETag that never matches (each envelope carries its
  // own timestamp) and that personal answers must not be cached by anyway. The one cacheable answer,
  // the public program list, sets its own ETag; express still answers 304 to a match.
  app.disable('etag');
  app.enableShutdownHooks();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Loyalty points service')
      .setDescription(
        'Management API v2, headless customer API, operator API and operations endpoints. The webhook payloads are in docs/webhooks.md.',
      )
      .setVersion('0.1.0')
      .addTag(
        'v2 privacy',
        "Data requests and erasures. The commerce platform's compliance webhooks arrive at " +
          'POST /platform/webhooks/{topic} (signed like the other topics): customers/data_request ' +
          '(the document is then fetched here), customers/redact and shop/redact (personal data erased; ' +
          'balances, transactions and the audit trail kept). See docs/privacy.md.',
      )
      .addBearerAuth()
      .addBearerAuth(
        {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'Headless token from POST /app/api/v1/headless/auth/token',
        },
        'headless',
      )
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/json' });
  return app;
}

/** No HTTP: the CLI runs commands through the same module. */
export async function createAppContext(options: CreateAppOptions = {}): Promise<INestApplicationContext> {
  const module = await moduleOptions({ ...options, followProjections: options.followProjections ?? false });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(module), { bufferLogs: true });
  app.useLogger(quietStartup(app.get(Logger)));
  return app;
}
