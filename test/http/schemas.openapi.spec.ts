import { createTestApp, TestApp } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { TIER_REWARD_EVENTS } from '../../src/programs/kinds/tier-rewards';
import { LIMIT_UNITS, LINE_JOIN_TYPES } from '../../src/programs/kinds/earning-rule';
import { EARNING_LIMIT_PERIODS, POINTS_EXPIRY_MODES } from '../../src/shops/settings/shop-settings';

/** Each configuration object's one schema is its OpenAPI description: a component of /docs/json, its lists as enums. */
describe(`OpenAPI: the configuration schemas (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let schemas: Record<string, { properties: Record<string, { enum?: unknown[]; items?: unknown }> }>;
  beforeAll(async () => {
    t = await createTestApp();
    schemas = (await t.http().get('/docs/json').expect(200)).body.components.schemas;
  });
  afterAll(() => t.close());

  it('the earning rule: a component, and the body of program writes', () => {
    const rule = schemas.EarningRuleSchema;
    expect(rule.properties.limitUnit.enum).toEqual([...LIMIT_UNITS]);
    expect(rule.properties.lineJoinType.enum).toEqual([...LINE_JOIN_TYPES]);
    expect(Object.keys(schemas.CreateProgramDto.properties)).toEqual(
      expect.arrayContaining(Object.keys(rule.properties)),
    );
    expect(schemas.TierRateSchema.properties).toHaveProperty('tierId');
  });

  it("the tier reward: a component, the items of a tier's tierRewards", () => {
    expect(schemas.TierRewardSchema.properties.event.enum).toEqual([...TIER_REWARD_EVENTS]);
    expect(schemas.CreateTierDto.properties.tierRewards.items).toEqual({
      $ref: '#/components/schemas/TierRewardSchema',
    });
  });

  it("the shop's settings: one component per setting", () => {
    expect(schemas.PointsExpirySchema.properties.mode.enum).toEqual([...POINTS_EXPIRY_MODES]);
    expect(schemas.EarningLimitSchema.properties.period.enum).toEqual([...EARNING_LIMIT_PERIODS]);
    for (const name of ['TierRetentionSchema', 'MembershipSchema', 'StorefrontSchema', 'TierEarningCapSchema'])
      expect(schemas).toHaveProperty([name]);
  });
});
