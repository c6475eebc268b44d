import { projectionSpec, projectionStore, onStream, eventRecorder } from '../../../../test/support/projection-spec';
import { enrolledRun, recordOrder, recordRefund } from '../../../../test/support/customer-ledger-given';
import { ProjectionBatch } from '../../../projections/projection-batch';
import { CustomerCommand } from '../../customer-ledger';
import { CommandMeta, customerStreamId } from '../../customer-stream';
import {
  MILESTONE_COUNTERS,
  MilestoneCountersDoc,
  MilestoneCountersProjection,
  milestoneCountersId,
} from './milestone-counters.projection';
import { ladderStandings } from '../domain/ladder-states';

const AT = '2026-03-02T10:00:00.000Z';
const LADDER = {
  programId: 'm1',
  programTitle: 'Orders',
  event: 'milestone',
  typeMilestone: 'order',
  steps: [
    { value: 1, rewards: [{ action: 'bonus_point' as const, points: 10 }] },
    { value: 2, rewards: [{ action: 'free_gift' as const, variantIds: ['a', 'b'] }] },
    { value: 4, rewards: [{ action: 'bonus_point' as const, points: 40 }] },
  ],
};

/** A customer's history as the ledger decided it: three orders, a refund, a cancellation, two claims (one gift owed). */
function history() {
  const c = enrolledRun('2026-03-01T00:00:00.000Z');
  for (const id of ['o1', 'o2', 'o3']) c.run(AT, (meta) => recordOrder(meta, id, 2500));
  c.run(AT, (meta) => recordRefund(meta, 'o1', 'r1', 1000));
  const claim = (claimKey: string, deferGiftChoice: boolean) => (meta: CommandMeta) =>
    ({
      type: 'ClaimMilestoneStep',
      meta,
      program: LADDER,
      claimKey,
      selectedRewardIds: null,
      variantIds: {},
      deferGiftChoice,
      source: 'test',
      tiers: [],
    }) as CustomerCommand;
  c.run(AT, claim('1', false));
  c.run(AT, claim('2', true));
  c.run(AT, (meta) => ({ type: 'CancelOrder', meta, orderId: 'o3', tiers: [] }) as CustomerCommand);
  return c;
}

describe('milestone counters projection', () => {
  const readStore = projectionStore();

  it('keeps the counters and claims the ledger folds to, each event delivered twice', async () => {
    const c = history();
    const spec = projectionSpec(new MilestoneCountersProjection(), readStore());
    const projection = new MilestoneCountersProjection();
    await spec.given(
      onStream(
        customerStreamId('s', 'c'),
        c.log.filter((e) => projection.handles(e.type)),
      ),
    );
    const doc = await spec.then<MilestoneCountersDoc>(MILESTONE_COUNTERS, milestoneCountersId('s', 'c'));
    expect(doc).toMatchObject({
      counters: {
        order: 2,
        spent_amount: 2500 + 2500 - 1000,
        earned_point: 10,
        reviews: 0,
        referral: 0,
        subscription: 0,
      },
      claims: { 'm1|1': { owedGifts: [] }, 'm1|2': { owedGifts: [0] } },
    });
    expect(doc!.counters).toEqual(c.state().milestoneCounters);
    expect(doc!.claims).toEqual(c.state().milestoneClaims);
    // The ladder read from the read model is the ladder the claims are decided on.
    expect(ladderStandings(LADDER, doc!.counters, doc!.claims)).toEqual(
      ladderStandings(LADDER, c.state().milestoneCounters, c.state().milestoneClaims),
    );
  });

  it('a rebuild (the whole log in one batch) gives the same counters and ladder states', async () => {
    const c = history();
    const store = readStore();
    const projection = new MilestoneCountersProjection();
    const record = eventRecorder();
    const recorded = onStream(
      customerStreamId('rebuilt', 'c'),
      c.log.map((e) => ({ ...e, shopId: 'rebuilt' })),
    )
      .map(record)
      .filter((e) => projection.handles(e.type));
    const batch = new ProjectionBatch(store);
    await projection.apply(recorded, batch);
    await batch.commit();
    const rebuilt = await (
      await store.collection<MilestoneCountersDoc>(MILESTONE_COUNTERS)
    ).get(milestoneCountersId('rebuilt', 'c'));
    expect(rebuilt!.counters).toEqual(c.state().milestoneCounters);
    expect(rebuilt!.claims).toEqual(c.state().milestoneClaims);
    expect(ladderStandings(LADDER, rebuilt!.counters, rebuilt!.claims).map((s) => s.state)).toEqual([
      'achieved',
      'claimable',
      'current',
    ]);
  });
});
