import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { ImpactProviderStub } from '../support/impact-provider-stub';
import { RecordImpactOutcomeCommand } from '../../src/ledger/impact/record-impact-outcome.handler';
import { ImpactResend } from '../../src/ledger/impact/impact-resend.scheduler';
import { CustomerStreamCommands } from '../../src/ledger/customer-stream.commands';
import { bearer, HEADLESS, tokenFor } from './headless-support';

describe(`headless environmental impact (${defaultStoreKind()})`, () => {
  const stub = new ImpactProviderStub();
  beforeAll(() => stub.start());
  afterAll(() => stub.stop());
  const s = scenario(() => ({ env: { IMPACT_PROVIDER_URL: stub.url, IMPACT_PROVIDER_API_KEY: 'impact-key' } }));
  const ids: Record<string, string> = {};
  let token: string;
  let customerId: string;
  const trees = { provider: 'Evergreen', unit: 'trees', quantity: 2 };
  const impactProgram = (title: string, impact: unknown, spending: Record<string, unknown> = { pointsCost: 100 }) =>
    s.post('/programs', { type: 'spending', event: 'environmental_impact', title, spending, impact });
  const redeem = (programId: string, as = token) =>
    s.t.http().post(`${HEADLESS}/customer/redeem`).set(bearer(as)).send({ programId });
  const history = (query = '', as = token) =>
    s.t.http().get(`${HEADLESS}/customer/impact-history${query}`).set(bearer(as));
  const balance = async (as = token) => (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(as))).body.data.points;

  beforeAll(async () => {
    ids.trees = expectSuccess((await impactProgram('Plant two trees', trees).expect(201)).body).id;
    ids.bottles = expectSuccess(
      (
        await impactProgram(
          'Recover bottles',
          { provider: 'Ocean Co', unit: 'plastic_bottles', quantity: 10 },
          { pointsCost: 1 },
        ).expect(201)
      ).body,
    ).id;
    customerId = await s.enrol(2001);
    await s.award(2001, 1000);
    token = await tokenFor(s.t, s.shop, 2001);
  });

  it('v2: an impact program needs its settings; invalid settings are 400 naming the field', async () => {
    const missing = await impactProgram('No settings', undefined).expect(400);
    expect(expectError(missing.body, 'BAD_REQUEST', 400).field).toBe('impact');
    const unit = await impactProgram('Bad unit', { ...trees, unit: 'whales' }).expect(400);
    expect(JSON.stringify(unit.body)).toContain('unit must be one of trees, plastic_bottles');
    const quantity = await impactProgram('Bad quantity', { ...trees, quantity: 0 }).expect(400);
    expect(JSON.stringify(quantity.body)).toContain('quantity');
    const provider = await impactProgram('No provider', { unit: 'trees', quantity: 1 }).expect(400);
    expect(JSON.stringify(provider.body)).toContain('provider');
    const stored = expectSuccess((await s.get(`/programs/${ids.trees}`).expect(200)).body);
    expect(stored).toMatchObject({ event: 'environmental_impact', rewardType: 'impact', impact: trees });
    const other = await s
      .post('/programs', {
        type: 'spending',
        event: 'amount_discount',
        title: 'x',
        spending: { pointsCost: 1, rewardValue: 1 },
        impact: trees,
      })
      .expect(400);
    expect(expectError(other.body, 'BAD_REQUEST', 400).field).toBe('impact');
  });

  it('GET /customer/rewards shows impactProvider on impact rewards', async () => {
    const data = expectSuccess(
      (await s.t.http().get(`${HEADLESS}/customer/rewards`).set(bearer(token)).expect(200)).body,
    );
    const reward = data.available.find((r: any) => r.programId === ids.trees);
    expect(reward).toMatchObject({
      key: 'environmental_impact',
      title: 'Plant two trees',
      pointsCost: 100,
      rewardType: 'impact',
      redeemType: 'fixed',
      affordable: true,
      impactProvider: 'Evergreen',
    });
  });

  it('redeeming spends the points, then sends the contribution; the provider confirms it', async () => {
    const sent = stub.contributions.length;
    const res = await redeem(ids.trees).expect(200);
    const data = expectSuccess(res.body);
    expect(data).toEqual({
      rewardId: expect.any(String),
      couponCode: `impact-${data.rewardId}`,
      pointsSpent: 100,
      newPoint: 900,
      impact: { id: data.rewardId, provider: 'Evergreen', unit: 'trees', quantity: 2, status: 'confirmed' },
    });
    expect(stub.contributions).toHaveLength(sent + 1);
    const contribution = stub.contributions[sent];
    expect(contribution.body).toEqual({
      id: data.rewardId,
      shop: s.shop.shopId,
      customer: customerId,
      provider: 'Evergreen',
      unit: 'trees',
      quantity: 2,
    });
    expect(contribution.headers.authorization).toBe('Bearer impact-key');
    expect(await balance()).toBe(900);
    // Not a coupon: the redeemed coupons do not list it.
    const rewards = expectSuccess((await s.t.http().get(`${HEADLESS}/customer/rewards`).set(bearer(token))).body);
    expect(rewards.redeemed).toEqual([]);
  });

  it('a provider failure makes it refunded and returns the points exactly once, even reported twice', async () => {
    stub.answer = { http: 503, body: { error: 'down' } };
    const res = await redeem(ids.trees).expect(200);
    stub.answer = { http: 201, body: { status: 'confirmed' } };
    const data = expectSuccess(res.body);
    expect(data.impact.status).toBe('refunded');
    expect(data.pointsSpent).toBe(100);
    expect(data.newPoint).toBe(900);
    expect(await balance()).toBe(900);
    const again = await s.t.app
      .get(CommandBus)
      .execute(
        new RecordImpactOutcomeCommand(s.shop.shopId, customerId, data.rewardId, { kind: 'failed', reason: 'again' }),
      );
    expect(again).toEqual({ status: 'refunded', points: 900, changed: false });
    expect(await balance()).toBe(900);
    const page = expectSuccess((await history().expect(200)).body);
    expect(page.events[0]).toEqual({
      id: data.rewardId,
      type: 'trees',
      quantity: 2,
      status: 'refunded',
      createdAt: expect.any(String),
    });
    // The ledger shows the spend and its refund, once each.
    const rows = expectSuccess((await s.transactions('platformCustomerId=2001').expect(200)).body) as any[];
    expect(rows.filter((r) => r.event === 'impact_refunded')).toHaveLength(1);
  });

  it('unknown provider statuses pass through unchanged', async () => {
    stub.answer = { http: 202, body: { status: 'queued_for_planting' } };
    const data = expectSuccess((await redeem(ids.trees).expect(200)).body);
    stub.answer = { http: 201, body: { status: 'confirmed' } };
    expect(data.impact.status).toBe('queued_for_planting');
    expect(data.newPoint).toBe(800);
    const page = expectSuccess((await history().expect(200)).body);
    expect(page.events[0]).toMatchObject({ id: data.rewardId, status: 'queued_for_planting' });
  });

  it('a refused redemption sends nothing', async () => {
    const poor = await tokenFor(s.t, s.shop, (await s.enrol(2002), 2002));
    const sent = stub.contributions.length;
    expectError((await redeem(ids.trees, poor).expect(400)).body, 'INSUFFICIENT_POINTS', 400);
    expect(stub.contributions).toHaveLength(sent);
  });

  it('GET /customer/impact-history: envelope, every field, totals from the provider', async () => {
    const res = await history().expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body.success).toBe(true);
    expect(res.body.meta).toEqual({ pagination: { hasNext: false, hasPre: false } });
    const data = expectSuccess(res.body);
    expect(Object.keys(data).sort()).toEqual(['connected', 'events', 'totals']);
    expect(data.connected).toBe(true);
    // The provider's count: every contribution it was sent (the stub counts the failed one too).
    expect(data.totals).toEqual({ trees: 6, plasticBottles: 0 });
    expect(data.events.map((e: any) => e.status)).toEqual(['queued_for_planting', 'refunded', 'confirmed']);
    for (const e of data.events)
      expect(e).toEqual({
        id: expect.any(String),
        type: 'trees',
        quantity: 2,
        status: e.status,
        createdAt: expect.any(String),
      });
    expect(stub.totalsCalls.at(-1)!.path).toBe(
      `/v1/customers/${customerId}/totals?shop=${encodeURIComponent(s.shop.shopId)}`,
    );
  });

  it('connected false with the last-known totals when the provider cannot be reached', async () => {
    stub.totalsDown = true;
    try {
      const data = expectSuccess((await history().expect(200)).body);
      expect(data.connected).toBe(false);
      // Last known: the contributions whose points were kept (the refunded one does not count).
      expect(data.totals).toEqual({ trees: 4, plasticBottles: 0 });
      expect(data.events).toHaveLength(3);
    } finally {
      stub.totalsDown = false;
    }
  });

  it('pages newest first: default 20, limit clamped at 50, cursors', async () => {
    await s.enrol(2003);
    await s.award(2003, 100);
    const other = await tokenFor(s.t, s.shop, 2003);
    for (let i = 0; i < 55; i++) await redeem(ids.bottles, other).expect(200);
    const first = await history('', other).expect(200);
    expect(first.body.data.events).toHaveLength(20);
    expect(first.body.meta.pagination).toEqual({ hasNext: true, hasPre: false });
    expect(first.body.data.totals).toEqual({ trees: 0, plasticBottles: 550 });
    const clamped = await history('?limit=500', other).expect(200);
    expect(clamped.body.data.events).toHaveLength(50);
    const last = first.body.data.events[19].id;
    const next = await history(`?after=${last}`, other).expect(200);
    expect(next.body.data.events).toHaveLength(20);
    expect(next.body.meta.pagination).toMatchObject({ hasPre: true });
    const all = clamped.body.data.events.map((e: any) => e.id);
    expect(next.body.data.events.map((e: any) => e.id)).toEqual(all.slice(20, 40));
    // Another customer's contributions are never in the page.
    const mine = expectSuccess((await history('?limit=50').expect(200)).body);
    expect(mine.events.every((e: any) => e.type === 'trees')).toBe(true);
    expectError((await history('?limit=0', other).expect(400)).body, 'BAD_REQUEST', 400);
  });

  it('needs a token', async () => {
    await s.t.http().get(`${HEADLESS}/customer/impact-history`).expect(401);
  });

  it('a contribution left pending (spent, never sent: a crash) is sent again by the sweep, once', async () => {
    const commands = s.t.app.get(CustomerStreamCommands);
    const pendingId = randomUUID();
    const spendOnly = (occurredAt: string, impactId: string) =>
      commands.run(s.shop.shopId, customerId, (meta) => ({
        type: 'RedeemImpact',
        meta: { ...meta, occurredAt },
        program: { programId: ids.trees, programTitle: 'Plant two trees', event: 'environmental_impact' },
        points: 100,
        quantity: 1,
        impactId,
        rule: { provider: 'Evergreen', unit: 'trees', quantity: 2 },
        source: 'headless',
        limitPerCustomer: null,
        idempotency: null,
      }));
    const before = await balance();
    // Left pending three minutes ago, and one just now (its redemption may still be sending it).
    await spendOnly(new Date(Date.now() - 3 * 60_000).toISOString(), pendingId);
    const recentId = randomUUID();
    await spendOnly(new Date().toISOString(), recentId);
    expect(await balance()).toBe(before - 200);
    const sent = stub.contributions.length;
    const sweep = s.t.app.get(ImpactResend);
    expect(await sweep.runOnce()).toBe(1);
    expect(stub.contributions.slice(sent).map((c) => c.body.id)).toEqual([pendingId]);
    const page = expectSuccess((await history().expect(200)).body);
    expect(page.events.find((e: any) => e.id === pendingId).status).toBe('confirmed');
    expect(page.events.find((e: any) => e.id === recentId).status).toBe('pending');
    // Settled: the next pass sends nothing.
    expect(await sweep.runOnce()).toBe(0);
    expect(stub.contributions).toHaveLength(sent + 1);
    // A failure of the resent contribution returns its points once.
    const failingId = randomUUID();
    await spendOnly(new Date(Date.now() - 5 * 60_000).toISOString(), failingId);
    stub.answer = { http: 503, body: { error: 'down' } };
    expect(await sweep.runOnce()).toBe(1);
    stub.answer = { http: 201, body: { status: 'confirmed' } };
    expect(await balance()).toBe(before - 200);
    expect(await sweep.runOnce()).toBe(0);
  });
});
