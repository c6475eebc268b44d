import 'reflect-metadata';
import { CommandBus } from '@nestjs/cqrs';
import { AppConfig } from './config/app-config';
import { createAppContext } from './app.factory';
import { DataDirLock } from './infrastructure/data-dir-lock';
import { ProvisionShopCommand } from './operator/provision-shop.handler';
import { RotateShopSecretCommand } from './shops/commands/rotate-shop-secret.handler';
import { SetPlatformWebhookSecretCommand } from './shops/commands/set-platform-webhook-secret.handler';
import { ProjectionRunner } from './projections/projection-runner';
import { because, DomainError } from './shared/domain/domain-error';
import { verifyCommand } from './audit/cli/verify.cli';
import { exportCommand } from './audit/cli/export.cli';
import { checkCommand } from './audit/cli/check.cli';
import { auditKeyCommand } from './audit/cli/audit-keys.cli';
import { migrateEventsCommand } from './migration/migrate-events.cli';
import { sealPersonalDataCommand } from './migration/seal-personal-data.cli';

const USAGE = `Usage:
  loyalty shop create --domain <domain> [--plan ultimate] [--currency USD] [--timezone UTC]
  loyalty shop rotate-secret --shop <shopId>
  loyalty shop set-platform-secret --shop <shopId> (--secret <secret> | --clear)
  loyalty projections rebuild
  loyalty audit verify [--shop <shopId>]
  loyalty audit export --shop <shopId> [--customer <id>] [--from <date-time>] [--to <date-time>] > file
  loyalty audit check <file> [--public-key <pem file>]
  loyalty audit-key create --shop <shopId> [--label <text>] | list --shop <shopId> | revoke --shop <shopId> --key <keyId>
  loyalty migrate events --from postgres|pglite --to eventstoredb|postgres|pglite [--from-url <url|dir>] [--to-url <url|dir>]
      [--batch 1000] [--restart] [--no-checkpoints]
  loyalty migrate personal-data [--batch 1000] [--restart]

Uses the stores the service uses (EVENT_STORE, READ_STORE, DATABASE_URL, DATA_DIR, ESDB_URL, MONGO_URL).
On the embedded store the service must be stopped first (or use POST /admin/api/shops).`;

function flags(args: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(args[i]);
    if (!m) throw because.badRequest(`Unexpected argument ${args[i]}`);
    // A flag followed by another flag (or nothing) is a switch: --restart.
    out[m[1]] = m[2] ?? (args[i + 1] === undefined || args[i + 1].startsWith('--') ? '' : args[++i]);
  }
  return out;
}

/** The commands: each group's actions (USAGE describes them). */
const COMMANDS: Readonly<Record<string, readonly string[]>> = {
  shop: ['create', 'rotate-secret', 'set-platform-secret'],
  projections: ['rebuild'],
  audit: ['verify', 'export', 'check'],
  'audit-key': ['create', 'list', 'revoke'],
  migrate: ['events', 'personal-data'],
};

async function main(argv: string[]): Promise<number> {
  const [group, action, ...rest] = argv;
  if (!Object.hasOwn(COMMANDS, group) || !COMMANDS[group].includes(action)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  // `audit check <file>` reads a file and a key only: no store, so it runs beside a running service.
  const checking = group === 'audit' && action === 'check';
  const options = flags(checking ? rest.slice(1) : rest);
  // Two stores, each opened (and locked) by the command itself.
  if (group === 'migrate' && action === 'events') return migrateEventsCommand(options);
  const config = new AppConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent' });
  if (checking) return checkCommand(config, rest[0], options);
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
    const projections = app.get(ProjectionRunner);
    if (group === 'audit' && action === 'verify') return await verifyCommand(app, options.shop ?? null);
    if (group === 'audit') return await exportCommand(app, options);
    if (group === 'audit-key') return await auditKeyCommand(app, action, options);
    if (group === 'migrate') return await sealPersonalDataCommand(app, options);
    if (group === 'shop' && action === 'set-platform-secret') {
      if (!options.shop) throw because.badRequest('--shop is required');
      const clear = options.clear !== undefined;
      if (clear === (options.secret !== undefined))
        throw because.badRequest('give either --secret <secret> or --clear');
      if (!clear && (options.secret.length < 16 || options.secret.length > 200))
        throw because.badRequest('--secret must be 16 to 200 characters');
      const set = await app
        .get(CommandBus)
        .execute(new SetPlatformWebhookSecretCommand(options.shop, clear ? null : options.secret));
      process.stdout.write(`${JSON.stringify(set)}\n`);
    } else if (group === 'shop' && action === 'rotate-secret') {
      if (!options.shop) throw because.badRequest('--shop is required');
      const rotated = await app.get(CommandBus).execute(new RotateShopSecretCommand(options.shop));
      await projections.catchUp();
      process.stdout.write(`${JSON.stringify(rotated)}\n`);
    } else if (group === 'shop') {
      if (!options.domain) throw because.badRequest('--domain is required');
      const shop = await app
        .get(CommandBus)
        .execute(
          new ProvisionShopCommand(
            options.domain,
            options.plan ?? 'ultimate',
            options.currency ?? 'USD',
            options.timezone ?? 'UTC',
          ),
        );
      await projections.catchUp();
      process.stdout.write(
        `${JSON.stringify({ shopId: shop.shopId, domain: shop.domain, plan: shop.plan, appKey: shop.appKey, secretKey: shop.secretKey, headlessSecret: shop.headlessSecret })}\n`,
      );
    } else {
      const result = await projections.rebuild();
      process.stdout.write(`${JSON.stringify({ rebuilt: projections.names, events: result.events, ms: result.ms })}\n`);
    }
    return 0;
  } finally {
    await app.close();
    lock?.release();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `${error instanceof DomainError ? `${error.code}: ${error.message}` : (error?.stack ?? error)}\n`,
    );
    process.exit(1);
  },
);
