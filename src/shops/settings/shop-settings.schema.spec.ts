import {
  EarningLimitSchema,
  MembershipSchema,
  PointsExpirySchema,
  StorefrontSchema,
  TierRetentionSchema,
} from './shop-settings.schema';
import { EARNING_LIMIT_PERIODS, POINTS_EXPIRY_MODES } from './shop-settings';
import { parseBody, refusedField } from '../../../test/support/schema-spec';

describe("the shop settings' schemas", () => {
  it('take valid settings, each value of their lists', async () => {
    for (const mode of POINTS_EXPIRY_MODES)
      expect(await refusedField(PointsExpirySchema, { mode, inactivityDays: 90, fixedDate: '12-31' })).toBeNull();
    for (const period of EARNING_LIMIT_PERIODS)
      expect(
        await refusedField(EarningLimitSchema, {
          enabled: true,
          maxPoints: 500,
          period,
          tiers: [{ tierId: 'gold', maxPoints: null }],
        }),
      ).toBeNull();
    expect(
      await refusedField(TierRetentionSchema, { downgrade: true, assessmentMonths: 36, windowMonths: 24 }),
    ).toBeNull();
    expect(
      await refusedField(MembershipSchema, { optInEnrollment: true, excludedTags: ['vip'], excludedSegments: [] }),
    ).toBeNull();
    expect(await refusedField(StorefrontSchema, { hideAdjustPoint: true, isNewFormatDOB: false })).toBeNull();
    // A PUT may leave out what it does not change.
    expect(await refusedField(EarningLimitSchema, { enabled: false })).toBeNull();
    expect(await refusedField(StorefrontSchema, {})).toBeNull();
  });

  it.each([
    ['mode', PointsExpirySchema, { mode: 'weekly' }],
    ['inactivityDays', PointsExpirySchema, { mode: 'inactivity', inactivityDays: 0 }],
    ['inactivityDays', PointsExpirySchema, { mode: 'inactivity', inactivityDays: 3651 }],
    ['fixedDate', PointsExpirySchema, { mode: 'fixed_date', fixedDate: '02-29' }],
    ['fixedDate', PointsExpirySchema, { mode: 'fixed_date', fixedDate: '13-01' }],
    ['enabled', EarningLimitSchema, { enabled: 'yes' }],
    ['maxPoints', EarningLimitSchema, { enabled: true, maxPoints: -1 }],
    ['maxPoints', EarningLimitSchema, { enabled: true, maxPoints: 1_000_000_001 }],
    ['period', EarningLimitSchema, { enabled: true, period: 'hour' }],
    ['tiers', EarningLimitSchema, { enabled: true, tiers: 'gold' }],
    ['tiers.0.tierId', EarningLimitSchema, { enabled: true, tiers: [{ tierId: '', maxPoints: 1 }] }],
    ['tiers.0.maxPoints', EarningLimitSchema, { enabled: true, tiers: [{ tierId: 'gold', maxPoints: 1.5 }] }],
    ['downgrade', TierRetentionSchema, {}],
    ['assessmentMonths', TierRetentionSchema, { downgrade: true, assessmentMonths: 0 }],
    ['windowMonths', TierRetentionSchema, { downgrade: true, windowMonths: 30 }],
    ['optInEnrollment', MembershipSchema, { optInEnrollment: 'yes' }],
    ['excludedTags', MembershipSchema, { optInEnrollment: false, excludedTags: [' '] }],
    ['excludedSegments', MembershipSchema, { optInEnrollment: false, excludedSegments: ['x'.repeat(256)] }],
    ['excludedTags', MembershipSchema, { optInEnrollment: false, excludedTags: Array(101).fill('vip') }],
    ['excludeB2B', MembershipSchema, { optInEnrollment: false, excludeB2B: 1 }],
    ['hideAdjustPoint', StorefrontSchema, { hideAdjustPoint: 'no' }],
    ['isNewFormatDOB', StorefrontSchema, { isNewFormatDOB: 'yes' }],
  ])('a bad %s is refused naming it', async (field, schema: new () => object, body) => {
    expect(await refusedField(schema, body)).toEqual(['BAD_REQUEST', field]);
  });

  it.each([
    [{ downgrade: true, assessmentMonths: 0 }, 'assessmentMonths must be an integer from 1 to 36'],
    [{ downgrade: true, assessmentMonths: 2.5 }, 'assessmentMonths must be an integer from 1 to 36'],
    [{ downgrade: true, windowMonths: 30 }, 'windowMonths must be an integer from 1 to 24'],
  ])('tier retention %j is refused in one wording: %s', async (body, message) => {
    await expect(parseBody(TierRetentionSchema, body)).rejects.toMatchObject({
      message: expect.stringContaining(message),
    });
  });
});
