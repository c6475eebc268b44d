import { CustomerCommand } from '../customer-ledger';
import { CommandMeta } from '../customer-stream';
import { CustomerEvent, CustomerEventType as T } from '../customer-events';
import { sequentialIds } from '../../../test/support/decider-spec';
import { givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs } = givenCustomer();
const enrolled = enrolledAs({ tierId: null, tierName: null });

describe('customer ledger: single-event programs', () => {
  const earn = (once = true): CustomerCommand => ({
    type: 'EarnFromProgram',
    meta: meta(),
    program: { programId: 'f', programTitle: 'Follow', event: 'follow_photo', points: 25, once },
    source: 'rest_api',
    tiers: [],
  });

  it('pays once per customer, then LIMIT_REACHED', () => {
    const [paid] = spec
      .given([enrolled])
      .when(earn())
      .thenMatches([
        {
          type: T.PointsAwarded,
          points: 25,
          event: 'follow_photo',
          program: expect.objectContaining({ programId: 'f' }),
        },
      ]);
    spec.given([enrolled, paid]).when(earn()).thenThrows('LIMIT_REACHED', 400);
    expect(spec.given([enrolled, paid]).state.earnedPrograms).toEqual({ f: 1 });
    spec
      .given([enrolled, paid])
      .when(earn(false))
      .thenMatches([{ type: T.PointsAwarded, oldPoint: 25, newPoint: 50 }]);
  });

  it('a program limited to 2 a day pays twice, refuses the third, pays again the next day', () => {
    const at = (iso: string): CommandMeta => ({ ...meta(iso), newId: sequentialIds(iso) });
    const earn = (iso: string): CustomerCommand => ({
      type: 'EarnFromProgram',
      meta: at(iso),
      program: {
        programId: 'share',
        programTitle: 'Share',
        event: 'share_feed',
        points: 5,
        once: true,
        limit: { unit: 'day', times: 2 },
      },
      source: 'rest_api',
      tiers: [],
    });
    let events: CustomerEvent[] = [enrolled];
    for (const iso of ['2026-03-04T08:00:00.000Z', '2026-03-04T09:00:00.000Z'])
      events = [...events, ...spec.given(events).when(earn(iso)).events()];
    spec.given(events).when(earn('2026-03-04T22:00:00.000Z')).thenThrows('LIMIT_REACHED', 400);
    spec
      .given(events)
      .when(earn('2026-03-05T00:10:00.000Z'))
      .thenMatches([{ type: T.PointsAwarded, newPoint: 15 }]);
  });
});
