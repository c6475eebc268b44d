import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { ProgramCatalog } from '../../src/programs/program-catalog';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { bearer, HEADLESS, hmacGrant } from './headless-support';

const DAY = 86_400_000;

describe(`headless social earn (${defaultStoreKind()})`, () => {
  // A clock that stands still unless a test moves it: claims of one test fall on one day.
  let now = new Date();
  const s = scenario(() => ({ clock: { now: () => now } }));
  const ids: Record<string, string> = {};
  const tokens: Record<number, string> = {};
  const earn = (id: number, body: object) =>
    s.t.http().post(`${HEADLESS}/customer/earn/social`).set(bearer(tokens[id])).send(body);
  /** A token minted at the test clock's time (the exchange checks `ts` against it). */
  const tokenAt = async (shop: ProvisionedShop, id: number) =>
    (
      await s.t
        .http()
        .post(`${HEADLESS}/auth/token`)
        .send(hmacGrant(shop, id, undefined, Math.floor(now.getTime() / 1000)))
        .expect(200)
    ).body.data.token as string;
  const claim = (id: number, programId: string) => earn(id, { programId });
  const programs = async (id: number) =>
    new Map<string, any>(
      (await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(tokens[id])).expect(200)).body.data.map(
        (p: any) => [p.id, p],
      ),
    );

  beforeAll(async () => {
    ids.photo = await s.earning('follow_photo', 'Follow us', { earnPoint: 20 });
    ids.like = await s.earning('like_feed', 'Like us', {
      earnPoint: 5,
      hasLimit: true,
      limitUnit: 'day',
      limitInterval: 2,
    });
    ids.chatOa = await s.earning('join_chat', 'Chat (login)', { earnPoint: 10, lineJoinType: 'follow_oa' });
    ids.chatLink = await s.earning('join_chat', 'Chat (link)', { earnPoint: 10, lineJoinType: 'join_link' });
    ids.forum = await s.earning('join_forum', 'Forum', { earnPoint: 30 });
    ids.birthday = await s.earning('birthday', 'Birthday', { earnPoint: 10 });
    ids.order = await s.earning('place_order', 'Orders', { earnPoint: 1, earnBy: 'price', rateMoney: 1 });
    ids.disabled = await s.earning('join_game', 'Off', { earnPoint: 1, status: false });
    ids.reward = await s.spending('amount_discount', '$5 off', { pointsCost: 500, rewardValue: 5 });
    for (const id of [1001, 1002, 1003, 1004, 1005]) {
      await s.enrol(id);
      tokens[id] = await tokenAt(s.shop, id);
    }
  });

  it('pays the program its points, answers SocialEarnResult; a repeat is LIMIT_REACHED', async () => {
    const res = await claim(1001, ids.photo).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({
      success: true,
      data: { programId: ids.photo, key: 'follow_photo', pointsEarned: 20, totalPoints: 20 },
      meta: {},
      message: 'Points earned',
      timestamp: expect.any(String),
    });
    expectError((await claim(1001, ids.photo).expect(400)).body, 'LIMIT_REACHED', 400);
    expect(await s.balance(1001)).toBe(20);
    const activity = (await s.t.http().get(`${HEADLESS}/customer/activities`).set(bearer(tokens[1001])).expect(200))
      .body.data[0];
    expect(activity).toMatchObject({
      points: 20,
      event: 'follow_photo',
      programId: ids.photo,
      source: 'source_headless',
    });
  });

  it('one decision with v2 social interactions and v1 interact-social: a claim on one is a repeat on the others', async () => {
    await claim(1002, ids.forum).expect(200);
    const v2 = await s
      .post('/programs/earning/social/interactions', {
        platformCustomerId: '1002',
        event: 'join_forum',
        earningId: ids.forum,
      })
      .expect(400);
    expect(v2.body.error.code).toBe('LIMIT_REACHED');
    await s
      .post('/programs/earning/social/interactions', {
        platformCustomerId: '1003',
        event: 'join_forum',
        earningId: ids.forum,
      })
      .expect(200);
    expectError((await claim(1003, ids.forum).expect(400)).body, 'LIMIT_REACHED', 400);
    const v1 = (customer: number) =>
      s.t
        .http()
        .post('/rest_api/v1/earn/interact-social')
        .set(s.keys)
        .send({ shopifyCustomerId: customer, earningId: ids.forum });
    expect((await v1(1002).expect(400)).body.error.code).toBe('LIMIT_REACHED');
    await v1(1001).expect(200);
    expectError((await claim(1001, ids.forum).expect(400)).body, 'LIMIT_REACHED', 400);
    expect(await s.balance(1002)).toBe(30);
    expect(await s.balance(1003)).toBe(30);
  });

  it('a program that pays twice a day pays twice, reads earned only then, and again the next day', async () => {
    expect((await programs(1004)).get(ids.like).isEarned).toBe(false);
    expect(expectSuccess((await claim(1004, ids.like).expect(200)).body)).toMatchObject({
      pointsEarned: 5,
      totalPoints: 5,
    });
    expect((await programs(1004)).get(ids.like).isEarned).toBe(false);
    expect(expectSuccess((await claim(1004, ids.like).expect(200)).body).totalPoints).toBe(10);
    expect((await programs(1004)).get(ids.like).isEarned).toBe(true);
    expectError((await claim(1004, ids.like).expect(400)).body, 'LIMIT_REACHED', 400);
    // v2 eligibility says the same.
    const eligibility = (await s.get('/programs/earning/eligibility?platformCustomerId=1004').expect(200)).body.data;
    expect(eligibility.find((p: any) => p.id === ids.like).isEarned).toBe(true);

    now = new Date(now.getTime() + DAY);
    tokens[1004] = await tokenAt(s.shop, 1004);
    expect((await programs(1004)).get(ids.like).isEarned).toBe(false);
    expect(expectSuccess((await claim(1004, ids.like).expect(200)).body).totalPoints).toBe(15);
  });

  it('a follow_oa chat-join program is CHAT_NOT_LINKED until the chat login; join_link pays on click', async () => {
    expectError((await claim(1005, ids.chatOa).expect(400)).body, 'CHAT_NOT_LINKED', 400);
    expect(expectSuccess((await claim(1005, ids.chatLink).expect(200)).body)).toEqual({
      programId: ids.chatLink,
      key: 'join_chat',
      pointsEarned: 10,
      totalPoints: 10,
    });
  });

  it('400 BAD_REQUEST without a programId; INVALID_PROGRAM for unknown, non-social, spending, disabled, other shop', async () => {
    for (const body of [{}, { programId: '' }, { programId: 42 }])
      expectError((await earn(1005, body).expect(400)).body, 'BAD_REQUEST', 400);
    const other = await s.newShop();
    const elsewhere = await other.earning('follow_photo', 'Theirs', { earnPoint: 99 });
    for (const programId of ['nope', ids.birthday, ids.order, ids.reward, ids.disabled, elsewhere])
      expectError((await claim(1005, programId).expect(400)).body, 'INVALID_PROGRAM', 400);
    expect(await s.balance(1005)).toBe(10);
  });

  it('an internal failure is 400 EARN_FAILED and pays nothing', async () => {
    const catalog = s.t.app.get(ProgramCatalog);
    // Every call while the claim runs fails: a once-only failure could be taken by the app's own
    // background work reading the catalogue at that moment, and the claim would then succeed.
    const spy = jest.spyOn(catalog, 'forShop').mockRejectedValue(new Error('store went away'));
    try {
      expectError((await claim(1005, ids.forum).expect(400)).body, 'EARN_FAILED', 400);
    } finally {
      spy.mockRestore();
    }
    expect(await s.balance(1005)).toBe(10);
    await claim(1005, ids.forum).expect(200);
  });

  it("the shop's earning limit lowers pointsEarned, then refuses with LIMIT_REACHED", async () => {
    await s.put('/settings/earning-limit', { enabled: true, maxPoints: 25, period: 'month' }).expect(200);
    try {
      await s.enrol(1006);
      tokens[1006] = await tokenAt(s.shop, 1006);
      expect(expectSuccess((await claim(1006, ids.photo).expect(200)).body)).toEqual({
        programId: ids.photo,
        key: 'follow_photo',
        pointsEarned: 20,
        totalPoints: 20,
      });
      expect(expectSuccess((await claim(1006, ids.forum).expect(200)).body)).toMatchObject({
        pointsEarned: 5,
        totalPoints: 25,
      });
      expectError((await claim(1006, ids.chatLink).expect(400)).body, 'LIMIT_REACHED', 400);
      expect(await s.balance(1006)).toBe(25);
    } finally {
      await s.put('/settings/earning-limit', { enabled: false }).expect(200);
    }
  });

  it('403 NOT_ELIGIBLE for an opt-in guest; 401 without a token', async () => {
    const optIn = await s.newShop();
    const program = await optIn.earning('follow_photo', 'Follow', { earnPoint: 20 });
    await optIn.put('/settings/membership', { optInEnrollment: true }).expect(200);
    await optIn.enrol(7);
    const token = await tokenAt(optIn.shop, 7);
    const res = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .set(bearer(token))
      .send({ programId: program });
    expectError(res.body, 'NOT_ELIGIBLE', 403);
    expect(res.status).toBe(403);
    const anonymous = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .send({ programId: program })
      .expect(401);
    expect(anonymous.body).toEqual({});
  });
});
