import { headlessCors } from './storefront-api/cors/headless-cors';
import { StorefrontOrigins } from './storefront-api/cors/storefront-origins';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { AppConfig } from './config/app-config';
import { openStorage, Storage } from './infrastructure/storage';
import { AppModule, AppModuleOptions } from './app.module';
import { validationPipe } from './shared/http/validation';
import { requestLog, ROOT_LOGGER } from './shared/http/request-log';
import { httpMetrics } from './metrics/http-metrics.middleware';
import { Metrics } from './metrics/metrics';
import { inputPolicy } from './shared/http/input/input-policy.middleware';
import { HeadlessAuthGuard } from './storefront-api/auth/headless-auth.guard';
import { AdmitCaller, authenticateBeforeBody } from './storefront-api/auth/authenticate-before-body';
import { UploadAdmission } from './ledger/submissions/uploads/upload-admission';
import { expressRoutesOf } from './infrastructure/runtime/express-routes';
import { quietStartup } from './infrastructure/runtime/quiet-startup-logger';
import { authThrottle } from './shared/http/auth-throttle/auth-throttle.middleware';
import { AuthFailureThrottle } from './shared/http/auth-throttle/auth-failure-throttle';
import { Clock, IdGenerator } from './shared/domain/clock';
import { HostResolver } from './infrastructure/dns/host-resolver.port';
import { ObjectStorage } from './infrastructure/object-storage/object-storage.port';
import { openApiDocument, serveOpenApi } from './shared/http/openapi/document';

/** The service's version (package.json), as the OpenAPI document states it. */
const PACKAGE_VERSION: string = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version;

export interface CreateAppOptions {
  config?: AppConfig;
  storage?: Storage;
  clock?: Clock;
  ids?: IdGenerator;
  hostResolver?: HostResolver;
  objectStorage?: ObjectStorage;
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
    objectStorage: options.objectStorage,
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
  // Preflights are answered before the throttles and the input policy: they carry no credentials nor body.
  app.use(headlessCors(app.get(StorefrontOrigins)));
  app.use(authThrottle(app.get(AuthFailureThrottle)));
  // A large-body route (the image upload) checks the shopper's token before its body is read.
  const bodyTimeoutMs = module.config.requestBodyTimeoutMs;
  const uploads = app.get(UploadAdmission);
  const admitUpload: AdmitCaller = (caller, res) => uploads.admit(caller.shopId, caller.customerId, res);
  app.use(inputPolicy(expressRoutesOf, authenticateBeforeBody(app.get(HeadlessAuthGuard), admitUpload), bodyTimeoutMs));
  app.useGlobalPipes(validationPipe());
  app.disable('x-powered-by');
  // Express would hash every JSON answer for a weak ETag that never matches (each envelope carries its
  // own timestamp) and that personal answers must not be cached by anyway. The one cacheable answer,
  // the public program list, sets its own ETag; express still answers 304 to a match.
  app.disable('etag');
  app.enableShutdownHooks();
  serveOpenApi(app, servedOpenApiDocument(app));
  return app;
}

/** The OpenAPI document the app serves at /docs/json (also what `npm run openapi:write` commits). */
export function servedOpenApiDocument(app: INestApplication): OpenAPIObject {
  return openApiDocument(app, PACKAGE_VERSION);
}

/** No HTTP: the CLI runs commands through the same module. */
export async function createAppContext(options: CreateAppOptions = {}): Promise<INestApplicationContext> {
  const module = await moduleOptions({ ...options, followProjections: options.followProjections ?? false });
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(module), { bufferLogs: true });
  app.useLogger(quietStartup(app.get(Logger)));
  return app;
}
