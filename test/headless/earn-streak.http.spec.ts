import { CommandBus } from '@nestjs/cqrs';
import { expectError, expectRefusal, expectSuccess, scenario, shopClient, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { bearer, HEADLESS, hmacGrant } from './headless-support';

/** The daily streak (streak_interact_website) through `POST /customer/earn`, in the shop's time zone. */
describe(`storefront daily streak (${defaultStoreKind()})`, () => {
  let now = new Date('2026-03-01T15:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });
  let shop: ShopClient;
  let token: string;
  let streakId: string;
  const earn = (programId: string) =>
    s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ programId });
  const mine = async (id: string) =>
    expectSuccess((await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(token)).expect(200)).body).find(
      (p: { id: string }) => p.id === id,
    );
  let provisioned: ProvisionedShop;
  /** A token minted at the test clock's time (the exchange checks `ts` against it). */
  const login = async (customerId = 4001) => {
    const grant = hmacGrant(provisioned, customerId, undefined, Math.floor(now.getTime() / 1000));
    token = (await s.t.http().post(`${HEADLESS}/auth/token`).send(grant).expect(200)).body.data.token;
  };
  const at = async (iso: string) => {
    now = new Date(iso);
    await login();
  };

  beforeAll(async () => {
    provisioned = await s.t.app
      .get(CommandBus)
      .execute(new ProvisionShopCommand(`streak-${Date.now()}.example.com`, 'ultimate', 'USD', 'America/New_York'));
    shop = shopClient(s.t, provisioned);
    streakId = (
      await shop.program({
        type: 'earning',
        event: 'streak_interact_website',
        title: 'Daily',
        earnPoint: 1,
        streakMilestones: [
          { day: 2, points: 10 },
          { day: 3, points: 50 },
        ],
      })
    ).id;
    await shop.enrol(4001);
    await login();
  });

  it('the streak object is personalised (null on the public list) and counts check-ins; a second the same day is LIMIT_REACHED', async () => {
    expect((await mine(streakId)).streak).toEqual({ currentDay: 0, totalDays: 3, canClaimToday: true, message: null });
    const pub = expectSuccess(
      (await s.t.http().get(`${HEADLESS}/programs?shop=${shop.shop.domain}`).expect(200)).body,
    ).find((p: { id: string }) => p.id === streakId);
    expect(pub.streak).toBeNull();
    const res = await earn(streakId).expect(200);
    expect(expectSuccess(res.body)).toEqual({
      programId: streakId,
      key: 'streak_interact_website',
      status: 'earned',
      pointsEarned: 0,
      totalPoints: 0,
    });
    expect((await mine(streakId)).streak).toEqual({ currentDay: 1, totalDays: 3, canClaimToday: false, message: null });
    // 03:00 UTC on the 2nd is still the 1st in New York.
    await at('2026-03-02T03:00:00.000Z');
    expectError((await earn(streakId).expect(400)).body, 'LIMIT_REACHED', 400);
    await at('2026-03-02T15:00:00.000Z');
    expect((await mine(streakId)).streak).toMatchObject({ currentDay: 1, canClaimToday: true });
    expect((await earn(streakId).expect(200)).body.data).toMatchObject({ pointsEarned: 10, totalPoints: 10 });
    await at('2026-03-03T15:00:00.000Z');
    expect((await earn(streakId).expect(200)).body.data).toMatchObject({ pointsEarned: 50, totalPoints: 60 });
    expect((await mine(streakId)).streak).toEqual({ currentDay: 3, totalDays: 3, canClaimToday: false, message: null });
    const [row] = expectSuccess((await shop.transactions('platformCustomerId=4001&limit=1').expect(200)).body);
    expect(row).toMatchObject({ earnPoint: 50, programId: streakId, event: 'streak_interact_website' });
  });

  it('a missed day resets to 0; the message says when the program can no longer be completed', async () => {
    await at('2026-03-05T15:00:00.000Z');
    expect((await mine(streakId)).streak).toMatchObject({ currentDay: 0, canClaimToday: true, message: null });
    await shop.put(`/programs/${streakId}`, { endDate: '2026-03-06T20:00:00.000Z' }).expect(200);
    const ending = (await mine(streakId)).streak;
    expect(ending).toMatchObject({ currentDay: 0, canClaimToday: true });
    expect(ending.message).toEqual(expect.stringContaining('2026'));
    await shop.put(`/programs/${streakId}`, { endDate: null }).expect(200);
    expect((await earn(streakId).expect(200)).body.data).toMatchObject({ pointsEarned: 0, totalPoints: 60 });
  });

  it('streak settings are checked: required milestones, distinct days, only on streak programs', async () => {
    const make = (body: object) => shop.post('/programs', { type: 'earning', title: 'x', earnPoint: 1, ...body });
    for (const body of [
      { event: 'streak_interact_website' },
      {
        event: 'streak_interact_website',
        streakMilestones: [
          { day: 2, points: 1 },
          { day: 2, points: 3 },
        ],
      },
      { event: 'streak_interact_website', streakMilestones: [{ day: 0, points: 1 }] },
      { event: 'follow_video', streakMilestones: [{ day: 2, points: 1 }] },
    ])
      expect((await expectRefusal(make(body), 'BAD_REQUEST', 400)).field).toMatch(/^streakMilestones/);
  });

  it('one check-in a day across all streak programs: alternating between two pays once a day', async () => {
    const otherId = (
      await shop.program({
        type: 'earning',
        event: 'streak_interact_website',
        title: 'Daily too',
        earnPoint: 1,
        streakMilestones: [
          { day: 1, points: 5 },
          { day: 2, points: 5 },
        ],
      })
    ).id;
    await shop.enrol(4002);
    now = new Date('2026-03-10T15:00:00.000Z');
    await login(4002);
    expect((await earn(otherId).expect(200)).body.data).toMatchObject({ pointsEarned: 5, totalPoints: 5 });
    for (const id of [streakId, otherId, streakId])
      expectError((await earn(id).expect(400)).body, 'LIMIT_REACHED', 400);
    expect((await mine(streakId)).streak).toMatchObject({ currentDay: 0, canClaimToday: false });
    now = new Date('2026-03-11T15:00:00.000Z');
    await login(4002);
    // Switching programs starts that streak at day 1 (nothing due on day 1 here); the day is then spent.
    expect((await earn(streakId).expect(200)).body.data).toMatchObject({ pointsEarned: 0, totalPoints: 5 });
    expect((await mine(otherId)).streak).toMatchObject({ currentDay: 0, canClaimToday: false });
    expectError((await earn(otherId).expect(400)).body, 'LIMIT_REACHED', 400);
    now = new Date('2026-03-12T15:00:00.000Z');
    await login(4002);
    expect((await earn(otherId).expect(200)).body.data).toMatchObject({ pointsEarned: 5, totalPoints: 10 });
    expectError((await earn(streakId).expect(400)).body, 'LIMIT_REACHED', 400);
    const rows = expectSuccess((await shop.transactions('platformCustomerId=4002').expect(200)).body);
    expect(rows.map((r: { earnPoint: number }) => r.earnPoint)).toEqual([5, 5]);
  });
});
