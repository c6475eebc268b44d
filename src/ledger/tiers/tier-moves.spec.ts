import { CustomerCommand } from '../customer-ledger';
import { CustomerEventType as T } from '../customer-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { ADA, givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs, awarded } = givenCustomer(ADA);
const enrolled = enrolledAs({ firstName: 'Ada', lastName: 'Lovelace' });
const tiers: TierRung[] = [
  { id: 'bronze', name: 'Bronze', targetPoint: 0 },
  { id: 'silver', name: 'Silver', targetPoint: 500 },
  { id: 'gold', name: 'Gold', targetPoint: 1500 },
];
const award = (points: number): CustomerCommand => ({
  type: 'AwardPoints',
  meta: meta(),
  request: { points, source: 'rest_api', event: 'x' },
  tiers,
});

describe('customer ledger: tiers', () => {
  it('moves up when the tier point reaches the next target', () => {
    spec
      .given([enrolled, awarded(400, 0)])
      .when(award(100))
      .thenMatches([
        { type: T.PointsAwarded, newPoint: 500 },
        {
          type: T.TierChanged,
          fromTierId: 'bronze',
          toTierId: 'silver',
          toTierName: 'Silver',
          direction: 'up',
          trigger: 'points',
          tierPoint: 500,
        },
      ]);
  });

  it('jumps straight to the highest tier reached', () => {
    spec
      .given([enrolled])
      .when(award(2000))
      .thenMatches([
        { type: T.PointsAwarded },
        { type: T.TierChanged, fromTierId: 'bronze', toTierId: 'gold', tierPoint: 2000 },
      ]);
  });

  it('does not move below the next target, and spending does not move tiers', () => {
    spec
      .given([enrolled])
      .when(award(499))
      .thenMatches([{ type: T.PointsAwarded }]);
    spec
      .given([enrolled, awarded(600, 0)])
      .when({ type: 'DeductPoints', meta: meta(), request: { points: 600, source: 'rest_api', event: 'x' } })
      .thenMatches([{ type: T.PointsDeducted, newPoint: 0 }]);
  });

  it('a manual tier change records direction, notes and whether rewards are due', () => {
    spec
      .given([enrolled])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[2],
        tiers,
        isInitTier: false,
        triggerReward: false,
        adminNote: 'vip',
      })
      .thenMatches([
        {
          type: T.TierChanged,
          toTierId: 'gold',
          direction: 'up',
          trigger: 'manual',
          tierPoint: 0,
          triggerReward: false,
          adminNote: 'vip',
        },
      ]);
  });

  it('isInitTier starts the customer fresh at the tier target', () => {
    spec
      .given([
        enrolled,
        awarded(2000, 0),
        {
          ...ADA,
          type: T.TierChanged,
          eventId: 't',
          occurredAt: '2026-01-01T00:00:00.000Z',
          fromTierId: 'bronze',
          fromTierName: 'Bronze',
          toTierId: 'gold',
          toTierName: 'Gold',
          direction: 'up',
          trigger: 'points',
          tierPoint: 2000,
          isInitTier: false,
          triggerReward: true,
          adminNote: null,
        },
      ])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[1],
        tiers,
        isInitTier: true,
        triggerReward: true,
        adminNote: null,
      })
      .thenMatches([{ type: T.TierChanged, toTierId: 'silver', direction: 'down', tierPoint: 500, isInitTier: true }]);
  });

  it('putting a customer in the tier they are in changes nothing', () => {
    spec
      .given([enrolled])
      .when({
        type: 'ChangeTier',
        meta: meta(),
        tier: tiers[0],
        tiers,
        isInitTier: false,
        triggerReward: true,
        adminNote: null,
      })
      .thenNothing();
  });
});
