import { EarningRuleSchema } from './earning-rule.schema';
import { APPLIED_SOURCES, EARN_BY, LIMIT_UNITS, LINE_JOIN_TYPES, ROUNDING_METHODS } from './earning-rule';
import { parseBody, refusedField } from '../../../test/support/schema-spec';

const valid = {
  title: 'Points for every order',
  description: 'Two points per dollar',
  status: true,
  isDraft: false,
  expired: false,
  priority: 3,
  startDate: '2026-01-01T00:00:00.000Z',
  endDate: null,
  earnPoint: 2,
  earnBy: 'price',
  rateMoney: 1,
  roundingMethod: 'floor',
  appliedSource: ['web'],
  skipEarnPointGuest: true,
  autoRemovePoints: false,
  earnPointsTiers: [{ tierId: 'gold', earnPoint: 3, rateMoney: null }],
  includeProducts: [{ id: 1 }, '2'],
  excludeProducts: [],
  includeCollections: [],
  excludeCollections: ['9'],
  pendingDays: 14,
  hasLimit: true,
  limitUnit: 'week',
  limitInterval: 2,
  translateTitle: { fr: 'Points pour chaque commande' },
  urlLocation: 'https://shop.example.com/pages/follow',
  urlAccount: '@shop',
  lineJoinType: 'follow_oa',
  iconUrl: null,
};

describe('the earning rule schema', () => {
  it('parses a valid rule: ids read as text, every field kept', async () => {
    const rule = await parseBody(EarningRuleSchema, valid);
    expect(rule).toBeInstanceOf(EarningRuleSchema);
    expect({ ...rule, earnPointsTiers: rule.earnPointsTiers?.map((t) => ({ ...t })) }).toEqual({
      ...valid,
      includeProducts: ['1', '2'],
    });
    expect(await refusedField(EarningRuleSchema, { title: 'Sign up' })).toBeNull();
  });

  it('takes each value of its lists, written once', async () => {
    const lists: Array<[string, readonly string[]]> = [
      ['earnBy', EARN_BY],
      ['roundingMethod', ROUNDING_METHODS],
      ['limitUnit', LIMIT_UNITS],
      ['lineJoinType', LINE_JOIN_TYPES],
    ];
    for (const [field, values] of lists)
      for (const value of values)
        expect(await refusedField(EarningRuleSchema, { ...valid, [field]: value })).toBeNull();
    expect(LIMIT_UNITS).toEqual(['day', 'week', 'month', 'year', 'lifetime']);
    expect(await refusedField(EarningRuleSchema, { ...valid, appliedSource: [...APPLIED_SOURCES] })).toBeNull();
  });

  it.each([
    ['title', { title: ' ' }],
    ['title', { title: null }],
    ['title', { title: 'x'.repeat(201) }],
    ['description', { description: 'x'.repeat(2001) }],
    ['status', { status: 'yes' }],
    ['isDraft', { isDraft: 1 }],
    ['expired', { expired: null }],
    ['priority', { priority: 2_000_000 }],
    ['startDate', { startDate: 'soon' }],
    ['endDate', { endDate: 'later' }],
    ['earnPoint', { earnPoint: 1.5 }],
    ['earnPoint', { earnPoint: -1 }],
    ['earnPoint', { earnPoint: 1e308 }],
    ['earnBy', { earnBy: 'weight' }],
    ['rateMoney', { rateMoney: 0 }],
    ['rateMoney', { rateMoney: 0.004 }],
    ['roundingMethod', { roundingMethod: 'up' }],
    ['appliedSource', { appliedSource: [] }],
    ['appliedSource', { appliedSource: ['app'] }],
    ['skipEarnPointGuest', { skipEarnPointGuest: 'no' }],
    ['autoRemovePoints', { autoRemovePoints: 0 }],
    ['earnPointsTiers.0.tierId', { earnPointsTiers: [{ tierId: '', earnPoint: 1 }] }],
    ['earnPointsTiers.0.rateMoney', { earnPointsTiers: [{ tierId: 'gold', earnPoint: 1, rateMoney: 0.001 }] }],
    ['earnPointsTiers.0.earnPoint', { earnPointsTiers: [{ tierId: 'gold', earnPoint: -1 }] }],
    ['includeProducts', { includeProducts: [''] }],
    ['excludeProducts', { excludeProducts: 'all' }],
    ['includeCollections', { includeCollections: ['x'.repeat(101)] }],
    ['excludeCollections', { excludeCollections: Array.from({ length: 1001 }, (_, i) => String(i)) }],
    ['pendingDays', { pendingDays: 366 }],
    ['hasLimit', { hasLimit: 'true' }],
    ['limitUnit', { limitUnit: 'hour' }],
    ['limitInterval', { limitInterval: 0 }],
    ['translateTitle', { translateTitle: null }],
    ['translateTitle', { translateTitle: { fr: 'x'.repeat(201) } }],
    ['translateTitle', { translateTitle: { fr: 1 } }],
    ['urlLocation', { urlLocation: 'javascript:alert(1)' }],
    ['urlAccount', { urlAccount: 'two words' }],
    ['lineJoinType', { lineJoinType: 'follow' }],
    ['iconUrl', { iconUrl: '' }],
  ])('a bad %s is refused naming it', async (field, change) => {
    expect(await refusedField(EarningRuleSchema, { ...valid, ...change })).toEqual(['BAD_REQUEST', field]);
  });
});
