import { Command, CommanderError, Option } from 'commander';

/** Flags as the commands read them: the long name without dashes; a switch given is ''. */
export type CliOptions = Record<string, string>;

/** What the command line asked for, once commander has checked it against the commands below. */
export interface CliRequest {
  group: string;
  action: string;
  options: CliOptions;
  /** `audit check <file>`: the file. */
  file?: string;
}

export const ENVIRONMENT_NOTE = `
Uses the stores the service uses (EVENT_STORE, READ_STORE, DATABASE_URL, DATA_DIR, ESDB_URL, MONGO_URL).
On the embedded store the service must be stopped first (or use POST /admin/api/shops).
Exit codes: 0 done, 1 refused (the reason on stderr), 2 usage error, 3 differences found, 4 export check failed.`;

/** A command's flags, back to their long names (so `--no-checkpoints` reads as `no-checkpoints`). */
function optionsOf(command: Command): CliOptions {
  const values = command.opts<Record<string, unknown>>();
  const out: CliOptions = {};
  for (const option of command.options as Option[]) {
    const value = values[option.attributeName()];
    const name = (option.long ?? '').replace(/^--/, '');
    if (option.negate) {
      if (value === false) out[name] = '';
    } else if (value === true) out[name] = '';
    else if (typeof value === 'string') out[name] = value;
  }
  return out;
}

type Chosen = (request: CliRequest) => void;

function shopCommands(program: Command, chosen: Chosen): void {
  const shop = program.command('shop').description('provision a shop and manage its secrets');
  const pick = (action: string) => (_: unknown, command: Command) =>
    chosen({ group: 'shop', action, options: optionsOf(command) });
  shop
    .command('create')
    .description('provision a shop; prints its keys as one JSON object')
    .requiredOption('--domain <domain>', "the shop's domain")
    .option('--plan <plan>', 'the plan', 'ultimate')
    .option('--currency <code>', 'ISO 4217 currency', 'USD')
    .option('--timezone <zone>', 'IANA time zone', 'UTC')
    .action(pick('create'));
  shop
    .command('rotate-secret')
    .description("replace the shop's secret key")
    .requiredOption('--shop <shopId>', 'the shop')
    .action(pick('rotate-secret'));
  shop
    .command('set-platform-secret')
    .description("set or clear the shop's commerce-platform webhook secret")
    .requiredOption('--shop <shopId>', 'the shop')
    .option('--secret <secret>', 'the secret (16 to 200 characters)')
    .option('--clear', 'clear the secret')
    .action(pick('set-platform-secret'));
}

function auditCommands(program: Command, chosen: Chosen): void {
  const audit = program.command('audit').description('verify, export and check the log');
  audit
    .command('verify')
    .description('compare every read model with the log (exit 3 on differences)')
    .option('--shop <shopId>', 'one shop only')
    .action((_, command: Command) => chosen({ group: 'audit', action: 'verify', options: optionsOf(command) }));
  audit
    .command('export')
    .description("write a shop's signed, hash-chained export to stdout")
    .requiredOption('--shop <shopId>', 'the shop')
    .option('--customer <id>', 'one customer only')
    .option('--from <date-time>', 'events from this instant (with its offset)')
    .option('--to <date-time>', 'events before this instant (with its offset)')
    .option('--liability <interval>', "carry the points liability's roll-forward of the range (day, week or month)")
    .action((_, command: Command) => chosen({ group: 'audit', action: 'export', options: optionsOf(command) }));
  audit
    .command('liability')
    .description("a shop's points liability roll-forward (JSON, or CSV with --csv)")
    .requiredOption('--shop <shopId>', 'the shop')
    .requiredOption('--from <date-time>', "a midnight in the shop's time zone, with its offset")
    .requiredOption('--to <date-time>', "a midnight in the shop's time zone, with its offset")
    .option('--interval <interval>', 'day, week or month', 'month')
    .option('--csv', 'answer CSV')
    .action((_, command: Command) => chosen({ group: 'audit', action: 'liability', options: optionsOf(command) }));
  audit
    .command('check')
    .description('check an export file: its chain and its signature (exit 4 when it fails)')
    .argument('<file>', 'the export file')
    .option('--public-key <pem file>', "the service's public key (default: the configured signing key's)")
    .action((file: string, _, command: Command) =>
      chosen({ group: 'audit', action: 'check', options: optionsOf(command), file }),
    );
  const keys = program.command('audit-key').description("manage a shop's audit keys");
  const pick = (action: string) => (_: unknown, command: Command) =>
    chosen({ group: 'audit-key', action, options: optionsOf(command) });
  keys
    .command('create')
    .requiredOption('--shop <shopId>', 'the shop')
    .option('--label <text>', 'a label')
    .action(pick('create'));
  keys.command('list').requiredOption('--shop <shopId>', 'the shop').action(pick('list'));
  keys
    .command('revoke')
    .requiredOption('--shop <shopId>', 'the shop')
    .requiredOption('--key <keyId>', 'the key')
    .action(pick('revoke'));
}

function storeCommands(program: Command, chosen: Chosen): void {
  program
    .command('projections')
    .description('the read models')
    .command('rebuild')
    .description('rebuild every read model from the log')
    .action((_, command: Command) => chosen({ group: 'projections', action: 'rebuild', options: optionsOf(command) }));
  const migrate = program.command('migrate').description('move the event log; seal personal data written before');
  migrate
    .command('personal-data')
    .description('seal, in place and resumably, the personal fields of events written before sealing')
    .option('--batch <n>', 'events per batch', '1000')
    .option('--restart', 'start again from the first event instead of the checkpoint')
    .action((_, command: Command) =>
      chosen({ group: 'migrate', action: 'personal-data', options: optionsOf(command) }),
    );
  migrate
    .command('events')
    .description('copy (resumable), verify, then carry the checkpoints over (exit 3 when verification differs)')
    .requiredOption('--from <kind>', 'postgres or pglite')
    .requiredOption('--to <kind>', 'eventstoredb, postgres or pglite')
    .option('--from-url <url|dir>', "the source's location (default: the configured one)")
    .option('--to-url <url|dir>', "the target's location (default: the configured one)")
    .option('--batch <n>', 'events per batch', '1000')
    .option('--restart', 'copy from the start instead of resuming')
    .option('--no-checkpoints', 'leave the checkpoints alone')
    .action((_, command: Command) => chosen({ group: 'migrate', action: 'events', options: optionsOf(command) }));
}

function keyCommands(program: Command, chosen: Chosen): void {
  program
    .command('keys')
    .description("the service keys that wrap customers' personal data keys")
    .command('rewrap')
    .description('wrap every data key under PERSONAL_DATA_KEY (resumable); says when no retired key is needed')
    .option('--batch <n>', 'data keys per batch', '500')
    .action((_, command: Command) => chosen({ group: 'keys', action: 'rewrap', options: optionsOf(command) }));
}

function configCommands(program: Command, chosen: Chosen): void {
  const config = program.command('config').description('the environment variables');
  config
    .command('check')
    .description(
      'check the environment as the service would at start, and PERSONAL_DATA_KEY against the store (exit 1 naming a bad variable)',
    )
    .action((_, command: Command) => chosen({ group: 'config', action: 'check', options: optionsOf(command) }));
  config
    .command('example')
    .description('print every variable with its default and meaning (.env.example)')
    .action((_, command: Command) => chosen({ group: 'config', action: 'example', options: optionsOf(command) }));
}

/** The command line, strict: unknown commands, flags and arguments are usage errors. */
export function commandLine(version: string, chosen: Chosen): Command {
  const program = new Command('loyalty')
    .description('Operator CLI of the loyalty points service')
    .version(version, '-v, --version', 'print the version')
    .helpCommand(false)
    .exitOverride()
    .showHelpAfterError()
    .addHelpText('after', ENVIRONMENT_NOTE);
  shopCommands(program, chosen);
  auditCommands(program, chosen);
  storeCommands(program, chosen);
  keyCommands(program, chosen);
  configCommands(program, chosen);
  return program;
}

/**
 * Parses argv: the request, or the exit code when commander answered itself (help and version: 0 on
 * stdout; a usage error: 2, the message and the usage on stderr).
 */
export function parseCommandLine(version: string, argv: string[]): CliRequest | number {
  let request: CliRequest | null = null;
  try {
    commandLine(version, (r) => (request = r)).parse(argv, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    return error.exitCode === 0 ? 0 : 2;
  }
  return request ?? 2;
}
