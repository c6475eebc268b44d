import { expectError, scenario } from '../support/scenario';

/** Milestone programs through v2 programs: the ladder is configured, validated and answered (typeMilestone, milestones). */
describe('v2 milestone programs', () => {
  const s = scenario();
  const ladder = [
    { value: 1, rewards: [{ action: 'bonus_point', points: 50 }] },
    {
      value: 3,
      label: 'Three orders',
      translateLabel: { fr: 'Trois commandes' },
      rewardLogic: 'selectOne',
      maxRewardSelect: 1,
      rewards: [
        { action: 'bonus_point', points: 200 },
        { action: 'free_gift', variantIds: ['11', '12'] },
      ],
    },
  ];

  it('creates a milestone program; reads answer typeMilestone and every step settled', async () => {
    const created = await s.program({
      type: 'earning',
      event: 'milestone',
      title: 'Order ladder',
      typeMilestone: 'order',
      milestones: ladder,
    });
    const read = (await s.get(`/programs/${created.id}`).expect(200)).body.data;
    for (const p of [created, read])
      expect(p).toMatchObject({
        type: 'earning',
        event: 'milestone',
        typeMilestone: 'order',
        milestones: [
          {
            value: 1,
            stepType: null,
            label: null,
            translateLabel: {},
            rewardLogic: 'grantAll',
            maxRewardSelect: 1,
            rewards: [{ action: 'bonus_point', points: 50 }],
          },
          {
            value: 3,
            stepType: null,
            label: 'Three orders',
            translateLabel: { fr: 'Trois commandes' },
            rewardLogic: 'selectOne',
            maxRewardSelect: 1,
            rewards: [
              { action: 'bonus_point', points: 200 },
              { action: 'free_gift', variantIds: ['11', '12'] },
            ],
          },
        ],
      });
    const listed = (await s.get('/programs/earning').expect(200)).body.data.find(
      (p: { id: string }) => p.id === created.id,
    );
    expect(listed.milestones).toHaveLength(2);
    const other = await s.program({ type: 'earning', event: 'sign_up', title: 'Join', earnPoint: 5 });
    expect(other).toMatchObject({ typeMilestone: null, milestones: [] });
  });

  it('an update that breaks the ladder is refused naming the field; a good one is kept', async () => {
    const created = await s.program({
      type: 'earning',
      event: 'milestone',
      title: 'L',
      typeMilestone: 'order',
      milestones: ladder,
    });
    const refused = await s.put(`/programs/${created.id}`, { milestones: [ladder[1], ladder[0]] }).expect(400);
    expect(refused.body.error?.field ?? refused.body.field ?? JSON.stringify(refused.body)).toContain(
      'milestones[1].value',
    );
    const kept = await s.put(`/programs/${created.id}`, { milestones: [ladder[0]] }).expect(200);
    expect(kept.body.data.milestones).toHaveLength(1);
  });

  it.each([
    [
      { typeMilestone: 'order', milestones: [{ value: 2, rewards: [{ action: 'teleport' }] }] },
      'milestones.0.rewards.0.action',
    ],
    [{ typeMilestone: 'order', milestones: [{ value: 2, rewards: [] }] }, 'milestones.0.rewards'],
    [{ typeMilestone: 'weather', milestones: ladder }, 'typeMilestone'],
    [{ typeMilestone: 'order', milestones: [ladder[1], ladder[0]] }, 'milestones[1].value'],
    [
      { typeMilestone: 'order', milestones: [{ value: 1, maxRewardSelect: 3, rewards: ladder[1].rewards }] },
      'milestones[0].maxRewardSelect',
    ],
  ])('%j is 400 naming %s', async (body, field) => {
    const res = await s.post('/programs', { type: 'earning', event: 'milestone', title: 'Bad', ...body }).expect(400);
    expectError(res.body, 'BAD_REQUEST', 400);
    expect(res.body.error.field).toBe(field);
  });
});
