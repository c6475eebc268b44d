import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CommandBus } from '@nestjs/cqrs';
import { AppConfig } from '../../src/config/app-config';
import { createAppContext } from '../../src/app.factory';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { EnrolCustomerCommand } from '../../src/ledger/enrolment/enrol-customer.handler';
import { CreateProgramCommand } from '../../src/programs/commands/create-program.handler';
import { ProgramCatalog } from '../../src/programs/program-catalog';
import { CustomerStreamCommands } from '../../src/ledger/customer-stream.commands';
import { ClaimStreakDay } from '../../src/ledger/streak/claim-streak-day';
import { SubmitEntry } from '../../src/ledger/submissions/submit-entry';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { CUSTOMERS, CustomerDoc } from '../../src/ledger/read-models/ledger-read-models';

const run = promisify(execFile);
const root = join(__dirname, '..', '..');
const cli = join(root, 'bin', 'loyalty.js');

jest.setTimeout(180_000);

/**
 * `loyalty audit verify` on a healthy store whose customer used the chat login, a streak and a
 * submission (fields the verifier once did not fold, reported as differences): no difference, exit 0.
 */
describe('loyalty audit verify: every field of the customer document', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'loyalty-verify-fields-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', AUDIT_SIGNING_KEY: '' };
  const loyalty = (...args: string[]) => run('node', [cli, ...args], { env, maxBuffer: 16 * 1024 * 1024 });
  let shopId: string;
  let stored: CustomerDoc;
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  beforeAll(async () => {
    if (!existsSync(join(root, 'dist', 'cli.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm install does it)');
    shopId = JSON.parse((await loyalty('shop', 'create', '--domain', 'verify-fields.example.com')).stdout).shopId;
    const app = await createAppContext({ config: new AppConfig({ ...env, LOG_LEVEL: 'silent', DEMO_SHOP: 'false' }) });
    try {
      const commands = app.get(CommandBus);
      const profile = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', acceptsMarketing: false };
      await commands.execute(new EnrolCustomerCommand(shopId, 21, { ...profile, platformCreatedAt: null }, 'test'));
      const customerId = customerIdFor(shopId, 21);
      const streak = { title: 'Daily', earnPoint: 1, streakMilestones: [{ day: 2, points: 10 }] };
      await commands.execute(new CreateProgramCommand(shopId, 'earning', 'streak_interact_website', streak, {}));
      await commands.execute(
        new CreateProgramCommand(shopId, 'earning', 'submit_form', { title: 'Tell us', earnPoint: 40 }, {}),
      );
      const programs = await app.get(ProgramCatalog).forShop(shopId);
      const program = (event: string) => programs.find((p) => p.event === event)!;
      const claim = { shopId, customerId, source: 'headless' };
      await app.get(ClaimStreakDay).claim({ ...claim, program: program('streak_interact_website'), context: {} });
      await app
        .get(SubmitEntry)
        .submit({ ...claim, program: program('submit_form'), context: { answers: { q: 'a' } } });
      // The chat login as its handlers decide it (the network's part is the chat-login HTTP spec's).
      const stream = app.get(CustomerStreamCommands);
      const expiresAt = new Date(Date.now() + 600_000).toISOString();
      await stream.run(shopId, customerId, (meta) => ({ type: 'StartChatLogin', meta, stateHash: 'sh', expiresAt }));
      await stream.run(shopId, customerId, (meta) => ({
        type: 'LinkChat',
        meta,
        stateHash: 'sh',
        userRef: 'user-ref',
        reward: null,
        source: 'headless',
        tiers: [],
        earningLimit: null,
      }));
      await stream.run(shopId, customerId, (meta) => ({
        type: 'SetChatFollow',
        meta,
        userRef: 'user-ref',
        following: true,
        notifiedAt: null,
      }));
      await app.get(ProjectionRunner).catchUp();
      stored = (await (await app.get<ReadStore>(READ_STORE).collection<CustomerDoc>(CUSTOMERS)).get(customerId))!;
    } finally {
      await app.close();
    }
  });

  it('the customer document has them, and verify finds no difference (exit 0)', async () => {
    expect(stored).toMatchObject({
      chatLinked: true,
      chatFollowedOA: true,
      streak: { currentDay: 1 },
    });
    expect(Object.values(stored.submissionStatus!)).toEqual(['pending']);
    const { stdout } = await loyalty('audit', 'verify', '--shop', shopId);
    expect(stdout).toMatch(/^verify shop .*: 1 streams, \d+ events; 1 customers, .*: no differences in /);
  });
});
