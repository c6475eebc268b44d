import { expectSuccess, scenario } from '../support/scenario';
import { waitUntil, withReceiver } from '../support/receiver';
import { defaultStoreKind } from '../support/stores';
import { ProjectionRunner } from '../../src/projections/projection-runner';
import { MILESTONE_COUNTERS } from '../../src/ledger/milestones/read/milestone-counters.projection';
import { bearer, HEADLESS, paidOrder, tokenFor } from '../headless/headless-support';

const FAST = { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_POLL_MS: '20', PROJECTION_POLL_MS: '20' };

/** A claimed step is delivered as milestone/achieved; the counters and ladder come back the same after a rebuild. */
describe(`milestone webhook and rebuild (${defaultStoreKind()})`, () => {
  const s = scenario({ env: FAST });
  let ladder: string;

  beforeAll(async () => {
    ladder = (
      await s.program({
        type: 'earning',
        event: 'milestone',
        title: 'Orders',
        typeMilestone: 'order',
        milestones: [
          { value: 1, rewards: [{ action: 'bonus_point', points: 15 }] },
          { value: 2, rewards: [{ action: 'bonus_point', points: 25 }] },
          { value: 4, rewards: [{ action: 'percentage_discount', percent: 10 }] },
        ],
      })
    ).id;
  });

  it('milestone/achieved carries the step, the rewards granted and the points paid', async () => {
    await withReceiver(async (receiver) => {
      await s.subscribe('milestone/achieved', receiver.url('/milestone'));
      await s.enrol(6201);
      await s.platform('orders/paid', paidOrder(450793001, 6201)).expect(200);
      const token = await tokenFor(s.t, s.shop, 6201);
      await s.t
        .http()
        .post(`${HEADLESS}/customer/milestones/${ladder}/claim`)
        .set(bearer(token))
        .send({ claimKey: '1', selectedRewardIds: [0] })
        .expect(200);
      await waitUntil(() => receiver.received.length >= 1, 10_000, 'milestone/achieved');
      expect(receiver.received.map((r) => r.body)).toEqual([
        expect.objectContaining({
          topic: 'milestone/achieved',
          shopId: s.shop.shopId,
          customer: expect.objectContaining({ platformCustomerId: 6201, email: 'c6201@example.com' }),
          programId: ladder,
          programTitle: 'Orders',
          typeMilestone: 'order',
          stepType: 'order',
          milestoneValue: 1,
          milestoneOrder: 1,
          claimKey: '1',
          rewards: [expect.objectContaining({ index: 0, action: 'bonus_point', points: 15 })],
          pointsEarned: 15,
          blocked: false,
        }),
      ]);
    });
  });

  it('the steps a customer reaches are recorded on their stream, once each', async () => {
    await s.enrol(6203);
    for (const id of [450793201, 450793202]) await s.platform('orders/paid', paidOrder(id, 6203)).expect(200);
    const reached = async () =>
      expectSuccess((await s.get('/audit/customers/6203/events?limit=100').expect(200)).body)
        .filter((e: { type: string }) => e.type === 'milestone.step-reached.v1')
        .map((e: { data: { step: { claimKey: string; order: number }; counter: number } }) => [
          e.data.step.claimKey,
          e.data.step.order,
          e.data.counter,
        ]);
    await waitUntil(async () => (await reached()).length >= 2, 10_000, 'two steps reached');
    // A third order reaches no step (the next is at 4); the first two stay recorded once.
    await s.platform('orders/paid', paidOrder(450793203, 6203)).expect(200);
    await new Promise((r) => setTimeout(r, 1500));
    // The counter the reader saw: at least the step's value (both orders may come before it runs).
    const recorded = await reached();
    expect(recorded.map(([key, order]: unknown[]) => [key, order])).toEqual([
      ['1', 1],
      ['2', 2],
    ]);
    expect(recorded.every(([key, , counter]: [string, number, number]) => counter >= Number(key))).toBe(true);
  });

  it('a rebuild gives the same counters and the same ladder states', async () => {
    await s.enrol(6202);
    for (const id of [450793101, 450793102, 450793103])
      await s.platform('orders/paid', paidOrder(id, 6202)).expect(200);
    const token = await tokenFor(s.t, s.shop, 6202);
    await s.t
      .http()
      .post(`${HEADLESS}/customer/milestones/${ladder}/claim`)
      .set(bearer(token))
      .send({ claimKey: '2', selectedRewardIds: [0] })
      .expect(200);
    const read = async () => {
      const counters = await (await s.t.store.storage.readStore.collection(MILESTONE_COUNTERS)).find({});
      const res = await s.t.http().get(`${HEADLESS}/customer/milestones/${ladder}`).set(bearer(token)).expect(200);
      return { counters: counters.sort((a, b) => (a.id < b.id ? -1 : 1)), ladder: expectSuccess(res.body) };
    };
    const live = await read();
    expect(live.ladder.steps.map((x: { state: string }) => x.state)).toEqual([
      'passed_unclaimed',
      'achieved',
      'current',
    ]);
    await s.t.app.get(ProjectionRunner).rebuild();
    expect(await read()).toEqual(live);
  });
});
