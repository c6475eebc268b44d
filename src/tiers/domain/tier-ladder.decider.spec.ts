import { tierLadder } from './tier-ladder.decider';
import { DEFAULT_TIER_SETTINGS, TierEvent, TierEventType as T } from './tier-events';
import { deciderSpec, sequentialIds } from '../../../test/support/decider-spec';

const spec = deciderSpec(tierLadder);
const meta = () => ({ shopId: 'shop-1', occurredAt: '2026-01-01T00:00:00.000Z', newId: sequentialIds('n') });

const base: TierEvent = {
  type: T.Defined,
  eventId: 'e1',
  occurredAt: '2026-01-01T00:00:00.000Z',
  shopId: 'shop-1',
  tierId: 'bronze',
  isSystemTier: true,
  systemType: 'bronze',
  settings: { ...DEFAULT_TIER_SETTINGS, name: 'Bronze', targetPoint: 0 },
};
const silver: TierEvent = {
  ...base,
  eventId: 'e2',
  tierId: 'silver',
  isSystemTier: false,
  systemType: null,
  settings: { ...DEFAULT_TIER_SETTINGS, name: 'Silver', targetPoint: 500 },
};

describe('tier ladder', () => {
  it('defines the base tier once', () => {
    spec
      .given([])
      .when({ type: 'DefineBaseTier', meta: meta(), name: 'Bronze', systemType: 'bronze' })
      .thenMatches([
        {
          type: T.Defined,
          isSystemTier: true,
          systemType: 'bronze',
          settings: expect.objectContaining({ name: 'Bronze', targetPoint: 0 }),
        },
      ]);
    spec
      .given([base])
      .when({ type: 'DefineBaseTier', meta: meta(), name: 'Bronze', systemType: 'bronze' })
      .thenNothing();
  });

  it('defines a tier with defaults for the presentation fields', () => {
    const [event] = spec
      .given([base])
      .when({
        type: 'DefineTier',
        meta: meta(),
        tierId: 'gold',
        settings: { name: 'Gold', targetPoint: 1500, textColor: '#000000' },
      })
      .events();
    expect(event).toMatchObject({
      type: T.Defined,
      tierId: 'gold',
      isSystemTier: false,
      settings: { ...DEFAULT_TIER_SETTINGS, name: 'Gold', targetPoint: 1500, textColor: '#000000' },
    });
  });

  it('refuses a name or a target another tier already has', () => {
    spec
      .given([base, silver])
      .when({ type: 'DefineTier', meta: meta(), tierId: 'x', settings: { name: ' silver ', targetPoint: 900 } })
      .thenThrows('TIER_NAME_TAKEN', 409);
    spec
      .given([base, silver])
      .when({ type: 'DefineTier', meta: meta(), tierId: 'x', settings: { name: 'Gold', targetPoint: 500 } })
      .thenThrows('TIER_TARGET_TAKEN', 409);
    spec
      .given([base])
      .when({ type: 'DefineTier', meta: meta(), tierId: 'x', settings: { name: '', targetPoint: 10 } })
      .thenThrows('BAD_REQUEST');
    spec
      .given([base])
      .when({ type: 'DefineTier', meta: meta(), tierId: 'x', settings: { name: 'X', targetPoint: -1 } })
      .thenThrows('BAD_REQUEST');
  });

  it('records only changed fields with the previous name and target', () => {
    spec
      .given([base, silver])
      .when({ type: 'UpdateTier', meta: meta(), tierId: 'silver', changes: { name: 'Argent', targetPoint: 500 } })
      .thenMatches([
        {
          type: T.Updated,
          tierId: 'silver',
          changes: { name: 'Argent' },
          previousName: 'Silver',
          previousTargetPoint: 500,
        },
      ]);
    spec
      .given([base, silver])
      .when({ type: 'UpdateTier', meta: meta(), tierId: 'silver', changes: { name: 'Silver' } })
      .thenNothing();
  });

  it('keeps the base tier at 0 points and undeletable', () => {
    spec
      .given([base])
      .when({ type: 'UpdateTier', meta: meta(), tierId: 'bronze', changes: { targetPoint: 10 } })
      .thenThrows('BAD_REQUEST');
    spec
      .given([base])
      .when({ type: 'RemoveTier', meta: meta(), tierId: 'bronze', members: 0 })
      .thenThrows('BAD_REQUEST');
  });

  it('removes a tier only when nobody is in it', () => {
    spec
      .given([base, silver])
      .when({ type: 'RemoveTier', meta: meta(), tierId: 'silver', members: 3 })
      .thenThrows('TIER_HAS_MEMBERS', 409);
    spec
      .given([base, silver])
      .when({ type: 'RemoveTier', meta: meta(), tierId: 'silver', members: 0 })
      .thenMatches([{ type: T.Removed, tierId: 'silver', name: 'Silver' }]);
    spec
      .given([base])
      .when({ type: 'RemoveTier', meta: meta(), tierId: 'nope', members: 0 })
      .thenThrows('NOT_FOUND', 404);
  });
});
