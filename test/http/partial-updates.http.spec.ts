import { scenario } from '../support/scenario';

/**
 * A PUT of a settings policy changes the fields it carries: an absent field keeps its stored value
 * (a client that sends one switch must not reset the rest of the policy).
 */
describe('settings PUTs: an absent field is unchanged', () => {
  const s = scenario();

  it('membership: switching opt-in keeps the excluded tags, segments and B2B rule; a list sent replaces it', async () => {
    const shop = await s.newShop();
    await shop
      .put('/settings/membership', {
        optInEnrollment: false,
        excludedTags: ['staff'],
        excludedSegments: ['7'],
        excludeB2B: true,
      })
      .expect(200);
    await shop.put('/settings/membership', { optInEnrollment: true }).expect(200);
    expect(await shop.settings('membership')).toEqual({
      optInEnrollment: true,
      excludedTags: ['staff'],
      excludedSegments: ['7'],
      excludeB2B: true,
    });
    await shop.put('/settings/membership', { optInEnrollment: true, excludedTags: [] }).expect(200);
    expect(await shop.settings('membership')).toMatchObject({ excludedTags: [], excludedSegments: ['7'] });
  });

  it('earning limit: disabling keeps the maximum, period and tier caps; re-enabling reuses them', async () => {
    const shop = await s.newShop();
    const base = (await shop.get('/tiers').expect(200)).body.data[0].id;
    const limit = { enabled: true, maxPoints: 250, period: 'week', tiers: [{ tierId: base, maxPoints: null }] };
    await shop.put('/settings/earning-limit', limit).expect(200);
    await shop.put('/settings/earning-limit', { enabled: false }).expect(200);
    expect(await shop.settings('earning-limit')).toEqual({ ...limit, enabled: false });
    await shop.put('/settings/earning-limit', { enabled: true }).expect(200);
    expect(await shop.settings('earning-limit')).toEqual(limit);
  });

  it('earning limit: enabling a limit that never had a maximum still needs maxPoints', async () => {
    const shop = await s.newShop();
    const refused = await shop.put('/settings/earning-limit', { enabled: true }).expect(400);
    expect(refused.body.error).toMatchObject({ code: 'BAD_REQUEST', field: 'maxPoints' });
  });

  it('tier retention: switching downgrade keeps the review and window months', async () => {
    const shop = await s.newShop();
    await shop.put('/settings/tier-retention', { downgrade: true, assessmentMonths: 6, windowMonths: 3 }).expect(200);
    await shop.put('/settings/tier-retention', { downgrade: false }).expect(200);
    expect(await shop.settings('tier-retention')).toEqual({ downgrade: false, assessmentMonths: 6, windowMonths: 3 });
  });

  it("points expiry: a mode switch keeps the other mode's parameter for later", async () => {
    const shop = await s.newShop();
    await shop.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 90 }).expect(200);
    await shop.put('/settings/points-expiry', { mode: 'fixed_date', fixedDate: '12-31' }).expect(200);
    await shop.put('/settings/points-expiry', { mode: 'inactivity' }).expect(200);
    expect(await shop.settings('points-expiry')).toEqual({
      mode: 'inactivity',
      inactivityDays: 90,
      fixedDate: '12-31',
    });
  });
});
