import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, paidOrder, tokenFor } from './headless-support';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../src/infrastructure/commerce-platform/commerce-platform.port';

/** The milestone ladder, the progress map and both claims, through the headless API. */
describe(`storefront milestones (${defaultStoreKind()})`, () => {
  const s = scenario();
  let ladderId: string;
  let mixedId: string;
  let inactivityId: string;
  let orderNo = 450791000;

  const LADDER = [
    { value: 1, rewards: [{ action: 'bonus_point', points: 10 }] },
    {
      value: 2,
      rewardLogic: 'selectOne',
      maxRewardSelect: 1,
      rewards: [
        { action: 'bonus_point', points: 50 },
        {
          action: 'free_gift',
          variantIds: ['801', '802'],
          giftProducts: [
            {
              id: '70',
              title: 'Mug',
              image: 'https://cdn.example.com/mug.png',
              variants: [
                { id: '801', title: 'Red' },
                { id: '802', title: 'Blue' },
              ],
            },
          ],
        },
      ],
    },
    {
      value: 3,
      label: 'Third order',
      rewards: [
        { action: 'amount_discount', amount: 5 },
        { action: 'bonus_point', points: 100 },
      ],
    },
  ];

  const client = (token: string) => ({
    ladder: (id: string) => s.t.http().get(`${HEADLESS}/customer/milestones/${id}`).set(bearer(token)),
    progress: (query = '') => s.t.http().get(`${HEADLESS}/customer/milestone${query}`).set(bearer(token)),
    claim: (id: string, body: object) =>
      s.t.http().post(`${HEADLESS}/customer/milestones/${id}/claim`).set(bearer(token)).send(body),
    flat: (body: object) => s.t.http().post(`${HEADLESS}/customer/milestone/claim`).set(bearer(token)).send(body),
  });
  const order = (customer: number) => s.platform('orders/paid', paidOrder(++orderNo, customer)).expect(200);
  const customer = async (id: number, orders: number) => {
    await s.enrol(id);
    for (let i = 0; i < orders; i++) await order(id);
    return client(await tokenFor(s.t, s.shop, id));
  };

  beforeAll(async () => {
    ladderId = (
      await s.program({
        type: 'earning',
        event: 'milestone',
        title: 'Order ladder',
        typeMilestone: 'order',
        milestones: LADDER,
      })
    ).id;
    mixedId = (
      await s.program({
        type: 'earning',
        event: 'milestone_mixed',
        title: 'Challenge',
        typeMilestone: 'mixed',
        milestones: [
          { value: 1, stepType: 'order', rewards: [{ action: 'bonus_point', points: 5 }] },
          { value: 60, stepType: 'spent_amount', rewards: [{ action: 'bonus_point', points: 7 }] },
        ],
      })
    ).id;
    inactivityId = (
      await s.program({
        type: 'earning',
        event: 'milestone_inactivity',
        title: 'Welcome back',
        typeMilestone: 'inactivity',
      })
    ).id;
  });

  it('the ladder: states, reached, progress on the current step only, rewards with gift products', async () => {
    const me = await customer(7001, 1);
    const ladder = expectSuccess((await me.ladder(ladderId).expect(200)).body);
    expect(ladder).toEqual({
      programId: ladderId,
      title: 'Order ladder',
      subheading: '1 of 3 rewards unlocked',
      typeMilestone: 'order',
      supported: true,
      orderRequirement: null,
      steps: [
        {
          claimKey: '1',
          stepType: 'order',
          label: 'Place 1 order',
          state: 'claimable',
          reached: true,
          note: null,
          rewardLogic: 'grantAll',
          maxRewardSelect: 1,
          rewards: [
            { index: 0, action: 'bonus_point', text: '10 bonus points', needsVariantChoice: false, giftProducts: [] },
          ],
        },
        {
          claimKey: '2',
          stepType: 'order',
          label: 'Place 2 orders',
          state: 'current',
          reached: false,
          note: null,
          rewardLogic: 'selectOne',
          maxRewardSelect: 1,
          progress: { percent: 50, completedText: '1 of 2 done', remainingText: '1 more order to go' },
          rewards: [
            { index: 0, action: 'bonus_point', text: '50 bonus points', needsVariantChoice: false, giftProducts: [] },
            {
              index: 1,
              action: 'free_gift',
              text: 'A free gift: Mug',
              needsVariantChoice: true,
              giftProducts: [
                {
                  id: '70',
                  title: 'Mug',
                  image: 'https://cdn.example.com/mug.png',
                  variants: [
                    { id: '801', title: 'Red' },
                    { id: '802', title: 'Blue' },
                  ],
                },
              ],
            },
          ],
        },
        {
          claimKey: '3',
          stepType: 'order',
          label: 'Third order',
          state: 'locked',
          reached: false,
          note: null,
          rewardLogic: 'grantAll',
          maxRewardSelect: 2,
          rewards: [
            {
              index: 0,
              action: 'amount_discount',
              text: expect.stringContaining('5'),
              needsVariantChoice: false,
              giftProducts: [],
            },
            { index: 1, action: 'bonus_point', text: '100 bonus points', needsVariantChoice: false, giftProducts: [] },
          ],
        },
      ],
    });
    // The storefront's program list shows the ladder as a repeatable earning program.
    const programs = expectSuccess(
      (
        await s.t
          .http()
          .get(`${HEADLESS}/customer/programs`)
          .set(bearer(await tokenFor(s.t, s.shop, 7001)))
          .expect(200)
      ).body,
    );
    expect(programs.find((p: { id: string }) => p.id === ladderId)).toMatchObject({
      programType: 'earning',
      key: 'milestone',
      title: 'Order ladder',
      isEarned: false,
      actionUrl: null,
    });
    const inactivity = expectSuccess((await me.ladder(inactivityId).expect(200)).body);
    expect(inactivity).toMatchObject({
      programId: inactivityId,
      typeMilestone: 'inactivity',
      supported: false,
      steps: [],
    });
  });

  it('the progress map: counters of the types the active programs use; type filters; twice is BAD_REQUEST', async () => {
    const me = await customer(7002, 2);
    expect(expectSuccess((await me.progress().expect(200)).body)).toEqual({ order: 2, spent_amount: 99 });
    expect(expectSuccess((await me.progress('?type=order').expect(200)).body)).toEqual({ order: 2 });
    expect(expectSuccess((await me.progress('?type=reviews').expect(200)).body)).toEqual({});
    expectError((await me.progress('?type=order&type=mixed').expect(400)).body, 'BAD_REQUEST', 400);
    const weather = (await me.progress('?type=weather').expect(400)).body;
    expectError(weather, 'BAD_REQUEST', 400);
    // The message names the field and the rule it broke, in the shopper's language; code and field stay.
    expect(weather.error).toMatchObject({ field: 'type', message: 'type must be one of the values offered.' });
    await s.t
      .http()
      .post('/rest_api/v2/translations/languages')
      .set(s.keys)
      .send({ primaryLanguage: 'en', additionalLanguage: 'fr' })
      .expect(201);
    const french = await me.progress('?type=weather').set('Accept-Language', 'fr').expect(400);
    expect(french.body.error).toMatchObject({
      code: 'BAD_REQUEST',
      field: 'type',
      message: "type doit être l'une des valeurs proposées.",
    });
  });

  it('a claim grants once: points with milestoneOrder, the step achieved, a second tap NOT_CLAIMABLE', async () => {
    const me = await customer(7003, 1);
    const res = await me.claim(ladderId, { claimKey: '1', selectedRewardIds: [0] }).expect(200);
    expect(expectSuccess(res.body)).toEqual({
      claimedRewardIds: [0],
      pointsEarned: 10,
      totalPoints: 10,
      blocked: false,
      step: expect.objectContaining({ claimKey: '1', state: 'achieved', reached: true }),
    });
    expectError(
      (await me.claim(ladderId, { claimKey: '1', selectedRewardIds: [0] }).expect(400)).body,
      'NOT_CLAIMABLE',
      400,
    );
    const [row] = expectSuccess((await s.transactions('platformCustomerId=7003&limit=1').expect(200)).body);
    expect(row).toMatchObject({ earnPoint: 10, programId: ladderId, event: 'milestone', milestoneOrder: 1 });
    const activities = expectSuccess(
      (
        await s.t
          .http()
          .get(`${HEADLESS}/customer/activities`)
          .set(bearer(await tokenFor(s.t, s.shop, 7003)))
          .expect(200)
      ).body,
    );
    expect(activities[0]).toMatchObject({
      points: 10,
      title: 'Milestone reached: you earned 10 points',
      programId: ladderId,
    });
    // The auditor's replay shows the claim like any other event, with the balance after it.
    const replay = expectSuccess((await s.get('/audit/customers/7003/events?limit=50').expect(200)).body);
    const claimed = replay.find((e: { type: string }) => e.type === 'milestone.step-claimed.v1');
    expect(claimed).toMatchObject({
      data: expect.objectContaining({ step: expect.objectContaining({ claimKey: '1', order: 1 }), pointsGranted: 10 }),
    });
    // (The milestones-reached reader may record, after it, the steps those points reach on other ladders.)
    const awarded = replay.filter((e: { type: string }) => e.type === 'points.awarded.v1');
    expect(awarded.at(-1)).toMatchObject({ after: { balance: 10 } });
    expect(awarded.at(-1).revision).toBeGreaterThan(claimed.revision);
    const ladder = expectSuccess((await me.ladder(ladderId).expect(200)).body);
    expect(ladder.steps.map((x: { state: string }) => x.state)).toEqual(['achieved', 'current', 'locked']);
  });

  it('a cancelled order takes back the order step it reached: a reversal event, the points back, not claimable again', async () => {
    const me = await customer(7030, 1);
    const paid = orderNo;
    expect(
      expectSuccess((await me.claim(ladderId, { claimKey: '1', selectedRewardIds: [0] }).expect(200)).body),
    ).toMatchObject({ pointsEarned: 10, totalPoints: 10 });
    await s.platform('orders/cancelled', paidOrder(paid, 7030, { financial_status: 'voided' })).expect(200);
    expect(await s.balance(7030)).toBe(0);
    const [row] = expectSuccess((await s.transactions('platformCustomerId=7030&limit=1').expect(200)).body);
    expect(row).toMatchObject({ programId: ladderId });
    const replay = expectSuccess((await s.get('/audit/customers/7030/events?limit=50').expect(200)).body);
    const revoked = replay.filter((e: { type: string }) => e.type === 'points.revoked.v1');
    expect(revoked).toHaveLength(1);
    expect(revoked[0]).toMatchObject({
      data: expect.objectContaining({
        points: 10,
        cause: 'order_cancelled',
        milestone: { order: 1, claimKey: '1' },
      }),
      after: { balance: 0 },
    });
    // Ordering again reaches the step, but its claim stands: no second bonus.
    await order(7030);
    const steps = expectSuccess((await me.ladder(ladderId).expect(200)).body).steps;
    expect(steps[0]).toMatchObject({ claimKey: '1', state: 'achieved' });
    expectError(
      (await me.claim(ladderId, { claimKey: '1', selectedRewardIds: [0] }).expect(400)).body,
      'NOT_CLAIMABLE',
      400,
    );
    expect(await s.balance(7030)).toBe(0);
  });

  it("the ladder and the progress map show the customer's own new order and claim at once", async () => {
    const me = await customer(7004, 1);
    expect(expectSuccess((await me.ladder(ladderId).expect(200)).body).steps[1].state).toBe('current');
    expect(expectSuccess((await me.progress('?type=order').expect(200)).body)).toEqual({ order: 1 });
    await order(7004);
    // The order is read back at once: the second step is claimable on the ladder, as the claim decides.
    expect(expectSuccess((await me.ladder(ladderId).expect(200)).body).steps[1].state).toBe('claimable');
    expect(expectSuccess((await me.progress('?type=order').expect(200)).body)).toEqual({ order: 2 });
    await me.claim(ladderId, { claimKey: '2', selectedRewardIds: [1], variantIds: { '1': '802' } }).expect(200);
    const steps = expectSuccess((await me.ladder(ladderId).expect(200)).body).steps;
    expect(steps.map((x: { state: string }) => x.state)).toEqual(['passed_unclaimed', 'achieved', 'current']);
    expect(steps[0].note).toMatch(/no longer available/);
    // The gift's variant was chosen with the claim: no choice is owed, no products are listed.
    expect(steps[1].rewards[1]).toEqual({
      index: 1,
      action: 'free_gift',
      text: 'A free gift: Mug',
      needsVariantChoice: false,
      giftProducts: [],
    });
  });

  it('every refusal of the per-program claim', async () => {
    const me = await customer(7005, 3);
    const refused = async (id: string, body: object, code: string) =>
      expectError((await me.claim(id, body).expect(400)).body, code, 400);
    await refused('nope', { claimKey: '1', selectedRewardIds: [0] }, 'INVALID_PROGRAM');
    const signUp = await s.program({ type: 'earning', event: 'sign_up', title: 'Join', earnPoint: 1, status: false });
    await refused(signUp.id, { claimKey: '1', selectedRewardIds: [0] }, 'INVALID_PROGRAM');
    await refused(ladderId, { selectedRewardIds: [0] }, 'BAD_REQUEST');
    await refused(ladderId, { claimKey: '1' }, 'BAD_REQUEST');
    await refused(ladderId, { claimKey: '9', selectedRewardIds: [0] }, 'INVALID_STEP');
    await refused(ladderId, { claimKey: '2', selectedRewardIds: [0, 1] }, 'INVALID_SELECTION');
    await refused(ladderId, { claimKey: '2', selectedRewardIds: [5] }, 'INVALID_SELECTION');
    await refused(ladderId, { claimKey: '3', selectedRewardIds: [0, 0] }, 'INVALID_SELECTION');
    // Gift refusals name the body's field, with the reward's entry.
    const noVariant = await me.claim(ladderId, { claimKey: '2', selectedRewardIds: [1] }).expect(400);
    expectError(noVariant.body, 'GIFT_SELECTION_REQUIRED', 400);
    expect(noVariant.body.error.field).toBe('variantIds.1');
    const unknown = await me.claim(ladderId, { claimKey: '2', selectedRewardIds: [1], variantIds: { '1': '999' } });
    expectError(unknown.body, 'GIFT_UNAVAILABLE', 400);
    expect(unknown.body.error.field).toBe('variantIds.1');
    const flatUnknown = await me.flat({
      programId: ladderId,
      milestoneValue: 2,
      selectedRewardIds: [1],
      isSelectVariantFreeGiftMilestone: true,
      variantIdsSelected: { 'rewardIndex-1': '999' },
    });
    expectError(flatUnknown.body, 'GIFT_UNAVAILABLE', 400);
    expect(flatUnknown.body.error.field).toBe('variantIdsSelected.rewardIndex-1');
    const other = await customer(7006, 0);
    expectError(
      (await other.claim(ladderId, { claimKey: '1', selectedRewardIds: [0] }).expect(400)).body,
      'NOT_CLAIMABLE',
      400,
    );
    await s.put(`/programs/${ladderId}`, { status: false }).expect(200);
    try {
      await refused(ladderId, { claimKey: '1', selectedRewardIds: [0] }, 'INVALID_PROGRAM');
    } finally {
      await s.put(`/programs/${ladderId}`, { status: true }).expect(200);
    }
  });

  it('a step with a discount mints its coupon through the commerce platform and pays its points', async () => {
    const me = await customer(7007, 3);
    const res = await me.claim(ladderId, { claimKey: '3', selectedRewardIds: [0, 1] }).expect(200);
    expect(expectSuccess(res.body)).toMatchObject({ claimedRewardIds: [0, 1], pointsEarned: 100, totalPoints: 100 });
    const minted = await (
      await s.t.store.storage.readStore.collection<{ id: string; [field: string]: unknown }>({
        name: 'platform_discounts',
      })
    ).find({ shopId: s.shop.shopId, platformCustomerId: 7007 });
    expect(minted).toEqual([
      expect.objectContaining({
        rewardType: 'fixed_amount',
        rewardValue: 5,
        status: 'active',
        code: expect.any(String),
      }),
    ]);
    // The code is the customer's reward, listed like the others (no points spent).
    const rewards = expectSuccess((await s.get('/rewards?platformCustomerId=7007').expect(200)).body);
    expect(rewards).toEqual([
      expect.objectContaining({
        couponCode: minted[0].code,
        program: { id: ladderId, title: 'Order ladder' },
        discountStatus: 'active',
        platformCustomerId: 7007,
      }),
    ]);
  });

  it('CLAIM_FAILED when the commerce platform cannot mint: nothing is granted, the step stays claimable', async () => {
    const me = await customer(7010, 3);
    const platform = s.t.app.get<CommercePlatform>(COMMERCE_PLATFORM);
    const spy = jest.spyOn(platform, 'createDiscount').mockRejectedValueOnce(new Error('platform down'));
    try {
      const res = await me.claim(ladderId, { claimKey: '3', selectedRewardIds: [0, 1] }).expect(400);
      expectError(res.body, 'CLAIM_FAILED', 400);
    } finally {
      spy.mockRestore();
    }
    const ladder = expectSuccess((await me.ladder(ladderId).expect(200)).body);
    expect(ladder.steps[2].state).toBe('claimable');
    expect((await s.get('/customers/external/7010').expect(200)).body.data.point).toBe(0);
  });

  it('the flat claim: by value, {point} and the pending steps; 404 for a program not found', async () => {
    const me = await customer(7008, 2);
    const res = await me.flat({ programId: ladderId, milestoneValue: 1 }).expect(200);
    expect(expectSuccess(res.body)).toEqual({ point: 10, pendingMilestoneOrder: [2] });
    expectError((await me.flat({ programId: 'nope', milestoneValue: 1 }).expect(404)).body, 'INVALID_PROGRAM', 404);
    expectError((await me.flat({ programId: ladderId }).expect(400)).body, 'BAD_REQUEST', 400);
    expectError((await me.flat({ programId: ladderId, milestoneValue: 7 }).expect(400)).body, 'INVALID_STEP', 400);
    // A gift of several variants without a choice: granted, the step stays claimable for the choice only.
    const granted = await me.flat({ programId: ladderId, milestoneValue: 2, selectedRewardIds: [1] }).expect(200);
    expect(expectSuccess(granted.body)).toEqual({ point: 10, pendingMilestoneOrder: [2] });
    // While the choice is owed, the ladder lists the gift's products.
    const owing = expectSuccess((await me.ladder(ladderId).expect(200)).body).steps[1];
    expect(owing.state).toBe('claimable');
    expect(owing.rewards[1]).toMatchObject({ needsVariantChoice: true, giftProducts: [expect.any(Object)] });
    const chosen = await me
      .flat({
        programId: ladderId,
        milestoneValue: 2,
        isSelectVariantFreeGiftMilestone: true,
        variantIdsSelected: { 'rewardIndex-1': '801' },
      })
      .expect(200);
    expect(expectSuccess(chosen.body)).toEqual({ point: 10, pendingMilestoneOrder: [] });
    // The gift's code is minted once its variant is chosen.
    const rewards = expectSuccess((await s.get('/rewards?platformCustomerId=7008').expect(200)).body);
    expect(rewards).toEqual([
      expect.objectContaining({ program: { id: ladderId, title: 'Order ladder' }, platformCustomerId: 7008 }),
    ]);
    const ladder = expectSuccess((await me.ladder(ladderId).expect(200)).body);
    expect(ladder.steps.map((x: { state: string }) => x.state)).toEqual(['achieved', 'achieved', 'current']);
    // Chosen: the claimed step owes no choice any more.
    expect(ladder.steps[1].rewards[1]).toMatchObject({ needsVariantChoice: false, giftProducts: [] });
  });

  it('a mixed ladder: claim keys name program, type and value; the flat claim takes stepType', async () => {
    const me = await customer(7009, 2);
    const ladder = expectSuccess((await me.ladder(mixedId).expect(200)).body);
    expect(ladder.steps.map((x: { claimKey: string; state: string }) => [x.claimKey, x.state])).toEqual([
      [`${mixedId}_order_1`, 'claimable'],
      [`${mixedId}_spent_amount_60`, 'claimable'],
    ]);
    const res = await me
      .flat({ programId: mixedId, milestoneValue: 60, stepType: 'spent_amount', isMixed: true })
      .expect(200);
    expect(expectSuccess(res.body)).toEqual({ point: 7, pendingMilestoneMixed: [] });
  });
});
