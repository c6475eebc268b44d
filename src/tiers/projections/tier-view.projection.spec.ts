import { tierLadder } from '../domain/tier-ladder.decider';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as T, tierStreamId } from '../domain/tier-events';
import { TierCatalog } from '../tier-catalog';
import { TierDoc, TIERS } from './tier-read-models';
import { TierViewProjection } from './tier-view.projection';
import { sequentialIds } from '../../../test/support/decider-spec';
import { januaryDay, onStream, projectionSpec, projectionStore } from '../../../test/support/projection-spec';

/** The tiers read model, each event delivered twice (see projectionSpec). */
describe('tier view projection', () => {
  const readStore = projectionStore();
  const at = januaryDay;
  const tierEvents = (...events: TierEvent[]) => onStream(tierStreamId('s1'), events);
  const defined = (tierId: string, name: string, targetPoint: number, day: number): TierEvent => ({
    type: T.Defined,
    eventId: `defined-${tierId}`,
    occurredAt: at(day),
    shopId: 's1',
    tierId,
    isSystemTier: targetPoint === 0,
    systemType: targetPoint === 0 ? tierId : null,
    settings: { ...DEFAULT_TIER_SETTINGS, name, targetPoint },
  });
  const ladder = [defined('bronze', 'Bronze', 0, 1), defined('silver', 'Silver', 500, 1)];

  it('a tier renamed, moved and given a perk keeps its previous names; the ladder cache is dropped once stored', async () => {
    const catalog = new TierCatalog(readStore());
    const invalidate = jest.spyOn(catalog, 'invalidate');
    const spec = projectionSpec(new TierViewProjection(catalog), readStore());
    await spec.given(tierEvents(...ladder));
    // The update as the ladder decides it: its perk gets its id and timestamps there.
    const updated = tierLadder.decide(
      {
        type: 'UpdateTier',
        meta: { shopId: 's1', occurredAt: at(3), newId: sequentialIds('n') },
        tierId: 'silver',
        changes: { name: 'Argent', targetPoint: 600, tierRewards: [{ event: 'custom', title: 'Lounge' }] },
      },
      ladder.reduce(tierLadder.evolve, tierLadder.initialState()),
    );
    await spec.when(tierEvents(...updated));
    expect(await spec.then<TierDoc>(TIERS, 'silver')).toEqual({
      ...DEFAULT_TIER_SETTINGS,
      name: 'Argent',
      targetPoint: 600,
      tierRewards: [expect.objectContaining({ id: 'n-2', event: 'custom', title: 'Lounge', createdAt: at(3) })],
      id: 'silver',
      shopId: 's1',
      isSystemTier: false,
      systemType: null,
      prevNames: ['Silver'],
      targetPointUpdate: at(3),
      createdAt: at(1),
      updatedAt: at(3),
      streamRevision: '2',
    });
    expect(await spec.then<TierDoc>(TIERS, 'bronze')).toMatchObject({ name: 'Bronze', isSystemTier: true });
    expect(invalidate).toHaveBeenCalledWith('s1');
  });

  it('a removed tier leaves no document', async () => {
    const spec = projectionSpec(new TierViewProjection(new TierCatalog(readStore())), readStore());
    await spec.given(tierEvents(defined('gold', 'Gold', 1500, 1)));
    await spec.when(
      tierEvents({
        type: T.Removed,
        eventId: 'removed-gold',
        occurredAt: at(2),
        shopId: 's1',
        tierId: 'gold',
        name: 'Gold',
      }),
    );
    expect(await spec.then(TIERS, 'gold')).toBeNull();
  });
});
