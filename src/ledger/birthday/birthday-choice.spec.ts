import { CustomerCommand } from '../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';
import { ChooseBirthdayRewards } from './birthday-choice.decisions';
import { birthdayOptionsFor } from '../../programs/kinds/birthday-picker';

const { meta, enrolled: enrolledAs } = givenCustomer();
const silver = enrolledAs({ tierId: 'silver', tierName: 'Silver' });
const birthdaySet: CustomerEvent = {
  type: T.BirthdaySet,
  eventId: 'b',
  occurredAt: '2026-01-02T00:00:00.000Z',
  shopId: 's',
  customerId: 'c',
  birthday: '03/14',
  dateOfBirth: null,
  source: 'headless',
};
const OPTIONS = [
  { id: 'cake', label: 'Cake points', imageUrl: null, points: 100 },
  { id: 'gold-gift', label: 'Gold bonus', imageUrl: null, points: 500, tierIds: ['gold'] },
  { id: 'silver-gift', label: 'Silver bonus', imageUrl: null, points: 200, tierIds: ['silver', 'gold'] },
];
const choose = (
  selected: string[],
  rewardSelection: 'single' | 'multiple' = 'single',
  at = '2026-03-20T15:00:00.000Z',
): CustomerCommand => ({
  type: 'ChooseBirthdayRewards',
  meta: meta(at),
  program: {
    programId: 'bday',
    programTitle: 'Birthday',
    event: 'birthday',
    rewards: { rewardSelection, options: OPTIONS },
  } satisfies ChooseBirthdayRewards['program'],
  selected,
  timeZone: 'Asia/Tokyo',
  source: 'source_headless',
  tiers: [],
});

describe('customer ledger: birthday picker', () => {
  it("the options are the tier's (an option without tiers is for every tier)", () => {
    const ids = (tierId: string | null) => birthdayOptionsFor({ options: OPTIONS }, tierId).map((o) => o.id);
    expect(ids('silver')).toEqual(['cake', 'silver-gift']);
    expect(ids('gold')).toEqual(['cake', 'gold-gift', 'silver-gift']);
    expect(ids(null)).toEqual(['cake']);
    expect(birthdayOptionsFor(null, 'gold')).toEqual([]);
  });

  it('pays the chosen options once a year, recording the choice and the year', () => {
    const [paid] = spec
      .given([silver, birthdaySet])
      .when(choose(['silver-gift']))
      .thenMatches([
        {
          type: T.PointsAwarded,
          points: 200,
          event: 'birthday',
          period: '2026',
          chosenRewardIds: ['silver-gift'],
          program: expect.objectContaining({ programId: 'bday' }),
        },
      ]);
    spec
      .given([silver, birthdaySet, paid])
      .when(choose(['cake']))
      .thenThrows('LIMIT_REACHED', 400);
    spec
      .given([silver, birthdaySet, paid])
      .when(choose(['cake'], 'single', '2027-03-01T00:00:00.000Z'))
      .thenMatches([{ type: T.PointsAwarded, points: 100, period: '2027' }]);
  });

  it('several when the picker allows it: their points add up', () => {
    spec
      .given([silver, birthdaySet])
      .when(choose(['cake', 'silver-gift'], 'multiple'))
      .thenMatches([{ type: T.PointsAwarded, points: 300, chosenRewardIds: ['cake', 'silver-gift'] }]);
  });

  it('a choice outside the options is INVALID_SELECTION (another tier’s, unknown, twice, too many, none)', () => {
    for (const [selected, mode] of [
      [['gold-gift'], 'single'],
      [['nope'], 'single'],
      [['cake', 'cake'], 'multiple'],
      [['cake', 'silver-gift'], 'single'],
      [[], 'multiple'],
    ] as const) {
      const error = spec
        .given([silver, birthdaySet])
        .when(choose([...selected], mode))
        .thenThrows('INVALID_SELECTION', 400);
      expect(error.details).toEqual({ field: 'context.birthdayRewards' });
    }
  });

  it('only in the birthday month, in the shop’s time zone, with a birthday set (NOT_CLAIMABLE)', () => {
    spec
      .given([silver])
      .when(choose(['cake']))
      .thenThrows('NOT_CLAIMABLE', 400);
    // 2026-02-28T16:00Z is already March 1st in Tokyo.
    spec
      .given([silver, birthdaySet])
      .when(choose(['cake'], 'single', '2026-02-28T16:00:00.000Z'))
      .thenMatches([{ type: T.PointsAwarded, points: 100 }]);
    spec
      .given([silver, birthdaySet])
      .when(choose(['cake'], 'single', '2026-02-28T14:00:00.000Z'))
      .thenThrows('NOT_CLAIMABLE', 400);
  });
});
