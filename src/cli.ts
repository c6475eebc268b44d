import 'reflect-metadata';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AppConfig, ConfigError } from './config/app-config';
import { createAppContext } from './app.factory';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { ProvisionShopCommand } from './operator/provision-shop.handler';
import { RotateShopSecretCommand } from './shops/commands/rotate-shop-secret.handler';
import { SetPlatformWebhookSecretCommand } from './shops/commands/set-platform-webhook-secret.handler';
import { ProjectionRunner } from './projections/projection-runner';
import { because, DomainError } from './shared/domain/domain-error';
import { verifyCommand } from './audit/cli/verify.cli';
import { exportCommand } from './audit/cli/export.cli';
import { liabilityCommand } from './audit/cli/liability.cli';
import { checkCommand } from './audit/cli/check.cli';
import { auditKeyCommand } from './audit/cli/audit-keys.cli';
import { migrateEventsCommand } from './migration/migrate-events.cli';
import { sealPersonalDataCommand } from './migration/seal-personal-data.cli';
import { CliOptions, CliRequest, parseCommandLine } from './cli/command-line';
import { rebuildCommand } from './cli/rebuild.cli';
import { keysRewrapCommand } from './cli/keys-rewrap.cli';
import { configCheckCommand } from './cli/config-check.cli';
import { envExample } from './config/config-docs';

const print = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);

async function setPlatformSecret(app: INestApplicationContext, options: CliOptions): Promise<number> {
  const clear = options.clear !== undefined;
  if (clear === (options.secret !== undefined)) throw because.badRequest('give either --secret <secret> or --clear');
  if (!clear && (options.secret.length < 16 || options.secret.length > 200))
    throw because.badRequest('--secret must be 16 to 200 characters');
  print(
    await app.get(CommandBus).execute(new SetPlatformWebhookSecretCommand(options.shop, clear ? null : options.secret)),
  );
  return 0;
}

async function rotateSecret(app: INestApplicationContext, options: CliOptions): Promise<number> {
  const rotated = await app.get(CommandBus).execute(new RotateShopSecretCommand(options.shop));
  await app.get(ProjectionRunner).catchUp();
  print(rotated);
  return 0;
}

async function createShop(app: INestApplicationContext, options: CliOptions): Promise<number> {
  const shop = await app
    .get(CommandBus)
    .execute(new ProvisionShopCommand(options.domain, options.plan, options.currency, options.timezone));
  await app.get(ProjectionRunner).catchUp();
  const { shopId, domain, plan, appKey, secretKey, headlessSecret } = shop;
  print({ shopId, domain, plan, appKey, secretKey, headlessSecret });
  return 0;
}

/** The commands that run inside the application context, by `group action`. */
const IN_APP: Record<string, (app: INestApplicationContext, options: CliOptions, action: string) => Promise<number>> = {
  'shop create': createShop,
  'shop rotate-secret': rotateSecret,
  'shop set-platform-secret': setPlatformSecret,
  'projections rebuild': (app) => rebuildCommand(app),
  'audit verify': (app, options) => verifyCommand(app, options.shop ?? null),
  'audit export': (app, options) => exportCommand(app, options),
  'audit liability': (app, options) => liabilityCommand(app, options),
  'audit-key create': (app, options, action) => auditKeyCommand(app, action, options),
  'audit-key list': (app, options, action) => auditKeyCommand(app, action, options),
  'audit-key revoke': (app, options, action) => auditKeyCommand(app, action, options),
  'migrate personal-data': (app, options) => sealPersonalDataCommand(app, options),
  'keys rewrap': (app, options) => keysRewrapCommand(app, options),
};

async function runInApp(request: CliRequest): Promise<number> {
  const config = new AppConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  const lock = config.usesEmbeddedStore ? new DataDirLock(config.dataDir) : null;
  const holder = lock?.holder();
  if (holder) {
    process.stderr.write(
      `The service (pid ${holder}) has ${config.dataDir} open. Stop it, or use POST /admin/api/shops.\n`,
    );
    return 1;
  }
  lock?.acquire();
  const app = await createAppContext({ config });
  try {
    return await IN_APP[`${request.group} ${request.action}`](app, request.options, request.action);
  } finally {
    await app.close();
    lock?.release();
  }
}

async function main(argv: string[]): Promise<number> {
  const version = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).version;
  const request = parseCommandLine(version, argv);
  if (typeof request === 'number') return request;
  if (request.group === 'config') {
    // A bad variable, or a service key the store refuses, throws a ConfigError naming it (exit 1).
    if (request.action === 'check') return configCheckCommand(process.env);
    process.stdout.write(envExample());
    return 0;
  }
  // Two stores, each opened (and locked) by the command itself.
  if (request.group === 'migrate' && request.action === 'events') return migrateEventsCommand(request.options);
  // `audit check <file>` reads a file and a key only: no store, so it runs beside a running service.
  if (request.group === 'audit' && request.action === 'check') {
    const config = new AppConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
    return checkCommand(config, request.file, request.options);
  }
  return runInApp(request);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `${error instanceof DomainError ? `${error.code}: ${error.message}` : error instanceof ConfigError ? error.message : (error?.stack ?? error)}\n`,
    );
    process.exit(1);
  },
);
