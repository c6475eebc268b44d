import { CustomerCommand } from '../customer-ledger';
import { CustomerEventType as T } from '../customer-events';
import { TierRung } from '../../tiers/domain/tier-rung';
import { ADA, AT, enrolCustomer, givenCustomer, ledgerSpec as spec } from '../../../test/support/customer-ledger-given';

const { meta, enrolled: enrolledAs, enrol } = givenCustomer(ADA);
const enrolled = enrolledAs({ firstName: 'Ada', lastName: 'Lovelace' });
const bronze: TierRung = { id: 'bronze', name: 'Bronze', targetPoint: 0 };
const updateProfile = (fields: Partial<Extract<CustomerCommand, { type: 'UpdateProfile' }>>): CustomerCommand => ({
  type: 'UpdateProfile',
  meta: meta(),
  email: 'ada@example.com',
  source: 'platform',
  ...fields,
});

describe('customer ledger: enrolment and profile', () => {
  it('enrols a new customer in the base tier with the profile it was given', () => {
    spec
      .given([])
      .when(enrol({ firstName: 'Ada', lastName: 'Lovelace', acceptsMarketing: true, baseTier: bronze }))
      .then([
        {
          type: T.Enrolled,
          eventId: 'n-1',
          occurredAt: AT,
          shopId: 'shop-1',
          customerId: 'cust-1',
          platformCustomerId: 42,
          email: 'ada@example.com',
          firstName: 'Ada',
          lastName: 'Lovelace',
          acceptsMarketing: true,
          platformCreatedAt: null,
          tierId: 'bronze',
          tierName: 'Bronze',
          source: 'platform',
        },
      ]);
  });

  it('enrolling an enrolled customer changes nothing', () => {
    spec
      .given([enrolled])
      .when(enrol({ email: 'other@example.com' }))
      .thenNothing();
  });

  it('records only the profile fields that changed', () => {
    spec
      .given([enrolled])
      .when(updateProfile({ firstName: 'Augusta', lastName: 'Lovelace' }))
      .thenMatches([{ type: T.ProfileUpdated, changes: { firstName: 'Augusta' } }]);
  });

  it('an unchanged profile records nothing', () => {
    spec.given([enrolled]).when(updateProfile({})).thenNothing();
  });

  it('refuses to touch a customer that was never enrolled', () => {
    spec
      .given([])
      .when(updateProfile({ email: 'x@example.com' }))
      .thenThrows('NOT_FOUND', 404);
  });

  it('sign-up points are paid with the enrolment', () => {
    spec
      .given([])
      .when(enrolCustomer(meta(), { signUp: { programId: 'su', programTitle: 'Welcome', points: 100 }, tiers: [] }))
      .thenMatches([
        { type: T.Enrolled },
        {
          type: T.PointsAwarded,
          points: 100,
          newPoint: 100,
          event: 'sign_up',
          program: expect.objectContaining({ programId: 'su' }),
        },
      ]);
  });
});
