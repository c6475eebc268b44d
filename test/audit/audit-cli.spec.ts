import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { AppConfig } from '../../src/config/app-config';
import { createAppContext } from '../../src/app.factory';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { EnrolCustomerCommand } from '../../src/ledger/enrolment/enrol-customer.handler';
import { ChangePointsCommand } from '../../src/ledger/points/change-points.handler';
import { openStorage } from '../../src/infrastructure/storage';
import { CUSTOMERS, CustomerDoc } from '../../src/ledger/read-models/ledger-read-models';
import { customerIdFor } from '../../src/ledger/customer-identity';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const cli = join(root, 'bin', 'loyalty.js');

// Each command starts a process that opens the store: slow on a busy machine.
jest.setTimeout(180_000);

/** The audit commands of the operator CLI, run as operators run them (on the embedded store). */
describe('loyalty audit CLI', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-audit-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AUDIT_SIGNING_KEY: '' };
  const loyalty = (...args: string[]) => run('node', [cli, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  let shopId: string;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    if (!existsSync(join(root, 'dist', 'cli.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm install does it)');
    shopId = JSON.parse((await loyalty('shop', 'create', '--domain', 'audit-cli.example.com')).stdout).shopId;
    // A little history, written through the service's own commands on the same data directory.
    const app = await createAppContext({ config: new AppConfig({ ...env, LOG_LEVEL: 'silent', DEMO_SHOP: 'false' }) });
    try {
      const commands = app.get(CommandBus);
      for (const id of [11, 12]) {
        const profile = {
          email: `c${id}@example.com`,
          firstName: 'C',
          lastName: String(id),
          acceptsMarketing: false,
          platformCreatedAt: null,
        };
        await commands.execute(new EnrolCustomerCommand(shopId, id, profile, 'test'));
        await commands.execute(
          new ChangePointsCommand(shopId, id, 'award', {
            points: 40 + id,
            source: 'rest_api',
            event: 'earn_point_rest_api',
          }),
        );
      }
      await app.get(ProjectionRunner).catchUp();
    } finally {
      await app.close();
    }
  });

  it('audit-key create, list and revoke answer JSON', async () => {
    const created = JSON.parse((await loyalty('audit-key', 'create', '--shop', shopId, '--label', 'cli')).stdout);
    expect(created).toMatchObject({ shopId, label: 'cli', active: true, key: expect.stringMatching(/^audit_/) });
    const listed = JSON.parse((await loyalty('audit-key', 'list', '--shop', shopId)).stdout);
    expect(listed).toEqual([expect.objectContaining({ id: created.id, active: true })]);
    expect(JSON.stringify(listed)).not.toContain(created.key);
    const revoked = JSON.parse((await loyalty('audit-key', 'revoke', '--shop', shopId, '--key', created.id)).stdout);
    expect(revoked).toMatchObject({ id: created.id, active: false });
    // A missing flag is a usage error (exit 2), answered before the store is opened.
    await expect(loyalty('audit-key', 'revoke', '--shop', shopId)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining("required option '--key <keyId>' not specified"),
    });
  });

  it('export then check: intact is OK (exit 0); a changed digit names its line (exit 4)', async () => {
    const { stdout } = await loyalty('audit', 'export', '--shop', shopId);
    const file = join(dataDir, 'export.ndjson');
    writeFileSync(file, stdout);
    const lines = stdout.trimEnd().split('\n');
    expect(JSON.parse(lines[lines.length - 1])).toMatchObject({ kind: 'manifest', shopId, count: lines.length - 1 });
    const ok = await loyalty('audit', 'check', file);
    expect(ok.stdout).toMatch(
      new RegExp(`^OK .*: ${lines.length - 1} events, chain intact, manifest signed by key [0-9a-f]{16}`),
    );

    const i = lines.findIndex((l) => l.includes('"points":52'));
    expect(i).toBeGreaterThan(0);
    const tampered = join(dataDir, 'tampered.ndjson');
    writeFileSync(
      tampered,
      lines.map((l, n) => (n === i ? l.replace('"points":52', '"points":58') : l)).join('\n') + '\n',
    );
    await expect(loyalty('audit', 'check', tampered)).rejects.toMatchObject({
      code: 4,
      stdout: `BAD ${tampered} line ${i + 1}: the line does not match its hash\n`,
    });

    // Checked with someone else's public key, the intact file's manifest does not verify.
    const stranger = join(dataDir, 'stranger.pem');
    writeFileSync(stranger, generateKeyPairSync('ed25519').publicKey.export({ type: 'spki', format: 'pem' }));
    await expect(loyalty('audit', 'check', file, '--public-key', stranger)).rejects.toMatchObject({
      code: 4,
      stdout: expect.stringContaining(`line ${lines.length}:`),
    });
    // One customer, by platform id.
    const one = (await loyalty('audit', 'export', '--shop', shopId, '--customer', '12')).stdout.trimEnd().split('\n');
    expect(one.map((l) => JSON.parse(l).type)).toEqual(['customer.enrolled.v1', 'points.awarded.v1', undefined]);
    await expect(loyalty('audit', 'export', '--shop', shopId, '--from', 'soon')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('--from'),
    });
  });

  it('liability: the roll-forward as JSON or CSV, after the read models have applied the log', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const range = ['--from', `${today}T00:00:00Z`, '--to', `${tomorrow}T00:00:00Z`];
    const json = JSON.parse(
      (await loyalty('audit', 'liability', '--shop', shopId, ...range, '--interval', 'day')).stdout,
    );
    expect(json).toMatchObject({ shopId, timezone: 'UTC', interval: 'day' });
    expect(json.periods).toEqual([expect.objectContaining({ opening: 0, closing: 103, customersWithBalance: 2 })]);
    expect(json.periods[0].issued).toMatchObject({ total: 103, manual: 103 });
    const csv = (await loyalty('audit', 'liability', '--shop', shopId, ...range, '--csv')).stdout.split('\r\n');
    expect(csv[0]).toMatch(/^start,end,opening,issued,/);
    expect(csv[1]).toBe(`${today}T00:00:00Z,${tomorrow}T00:00:00Z,0,103,0,0,0,0,0,103,0,0,0,0,0,103,0,0,0,0,0,2`);
    await expect(loyalty('audit', 'liability', '--shop', shopId, ...range, '--interval', 'year')).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('--interval'),
      },
    );
  });

  it('verify: no differences (exit 0), then a document changed behind the service (exit 3, one line per difference)', async () => {
    const clean = await loyalty('audit', 'verify', '--shop', shopId);
    expect(clean.stdout).toMatch(
      /^verify shop .*: 2 streams, 4 events; 2 customers, 2 transactions, 0 rewards, 1 liability days: no differences in /,
    );

    const storage = await openStorage(new AppConfig({ ...env, LOG_LEVEL: 'silent' }));
    const id = customerIdFor(shopId, 11);
    try {
      const customers = await storage.readStore.collection<CustomerDoc>(CUSTOMERS);
      const doc = (await customers.get(id))!;
      expect(doc.point).toBe(51);
      await customers.put({ ...doc, point: 5100 });
    } finally {
      await storage.close();
    }
    const dirty = loyalty('audit', 'verify');
    await expect(dirty).rejects.toMatchObject({ code: 3 });
    const { stdout } = await dirty.catch((e) => e);
    expect(stdout.split('\n')).toEqual([
      `DIFF customers_v4 ${id} (shop ${shopId}, customer ${id}) point: read model 5100, log 51`,
      expect.stringMatching(
        /^verify: 2 streams, 4 events; 2 customers, 2 transactions, 0 rewards, 1 liability days: 1 difference in /,
      ),
      '',
    ]);
    expect(readFileSync(join(dataDir, 'audit-signing-key.pem'), 'utf8')).toMatch(/BEGIN PRIVATE KEY/);
  });
});
