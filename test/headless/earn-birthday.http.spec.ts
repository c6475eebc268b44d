import { expectError, expectRefusal, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, hmacGrant } from './headless-support';

/** The birthday picker: `context.birthdayRewards` on `POST /customer/earn`, options per tier, once a year. */
describe(`storefront birthday picker (${defaultStoreKind()})`, () => {
  const now = new Date('2026-03-20T12:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });
  let birthdayId: string;
  let vipId: string;
  const login = async (id: number) => {
    const grant = hmacGrant(s.shop, id, undefined, Math.floor(now.getTime() / 1000));
    return (await s.t.http().post(`${HEADLESS}/auth/token`).send(grant).expect(200)).body.data.token as string;
  };
  const earn = (token: string, birthdayRewards?: unknown) =>
    s.t
      .http()
      .post(`${HEADLESS}/customer/earn`)
      .set(bearer(token))
      .send({ programId: birthdayId, ...(birthdayRewards === undefined ? {} : { context: { birthdayRewards } }) });
  const picker = async (token: string) =>
    expectSuccess((await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(token)).expect(200)).body).find(
      (p: { id: string }) => p.id === birthdayId,
    ).birthday;

  beforeAll(async () => {
    vipId = (await s.tier({ name: 'VIP', targetPoint: 1000 })).id;
    birthdayId = await s.earning('birthday', 'Birthday', {
      earnPoint: 50,
      birthdayRewards: {
        rewardSelection: 'single',
        options: [
          { id: 'cake', label: 'Cake points', points: 100 },
          { id: 'vip', label: 'VIP bonus', points: 400, imageUrl: 'https://cdn.example.com/vip.png', tierIds: [vipId] },
        ],
      },
    });
    for (const id of [5001, 5002, 5003]) await s.enrol(id);
    await s.put('/customers/external/5001', { birthday: '03/14' }).expect(200);
    await s.put('/customers/external/5002', { birthday: '03/02' }).expect(200);
    await s.put('/customers/external/5002/tier', { tierId: vipId }).expect(200);
    await s.put('/customers/external/5003', { birthday: '07/01' }).expect(200);
  });

  it("the personalised program shows the tier's options, the selection mode and the date format", async () => {
    expect(await picker(await login(5001))).toEqual({
      rewardOptions: [{ id: 'cake', label: 'Cake points', imageUrl: null }],
      rewardSelection: 'single',
      dateFormat: 'MM/DD',
    });
    expect((await picker(await login(5002))).rewardOptions).toEqual([
      { id: 'cake', label: 'Cake points', imageUrl: null },
      { id: 'vip', label: 'VIP bonus', imageUrl: 'https://cdn.example.com/vip.png' },
    ]);
  });

  it('a choice pays its points once a year; another tier’s option, an unknown one or two in single mode is 400', async () => {
    const token = await login(5001);
    expectError((await earn(token, ['vip']).expect(400)).body, 'INVALID_SELECTION', 400);
    expectError((await earn(token, ['nope']).expect(400)).body, 'INVALID_SELECTION', 400);
    expectError((await earn(token, ['cake', 'cake']).expect(400)).body, 'INVALID_SELECTION', 400);
    expect(expectError((await earn(token).expect(400)).body, 'BAD_REQUEST', 400).field).toBe('context.birthdayRewards');
    expectError((await earn(token, 'cake').expect(400)).body, 'BAD_REQUEST', 400);
    expect(expectSuccess((await earn(token, ['cake']).expect(200)).body)).toEqual({
      programId: birthdayId,
      key: 'birthday',
      status: 'earned',
      pointsEarned: 100,
      totalPoints: 100,
    });
    expectError((await earn(token, ['cake']).expect(400)).body, 'LIMIT_REACHED', 400);
    const [row] = expectSuccess((await s.transactions('platformCustomerId=5001&limit=1').expect(200)).body);
    expect(row).toMatchObject({ earnPoint: 100, event: 'birthday', programId: birthdayId });
    const vip = await login(5002);
    expect((await earn(vip, ['vip']).expect(200)).body.data).toMatchObject({ pointsEarned: 400 });
  });

  it('outside the birthday month NOT_CLAIMABLE; a program without a picker is INVALID_PROGRAM', async () => {
    expectError((await earn(await login(5003), ['cake']).expect(400)).body, 'NOT_CLAIMABLE', 400);
    const plain = await s.earning('birthday', 'Plain', { earnPoint: 10 });
    const token = await login(5003);
    const res = await s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ programId: plain });
    expectError(res.body, 'INVALID_PROGRAM', 400);
    await expectRefusal(
      s.post('/programs', {
        type: 'earning',
        event: 'sign_up',
        title: 'x',
        earnPoint: 1,
        birthdayRewards: { options: [] },
      }),
      'BAD_REQUEST',
      400,
    );
    const twice = await expectRefusal(
      s.post('/programs', {
        type: 'earning',
        event: 'birthday',
        title: 'x',
        earnPoint: 1,
        birthdayRewards: {
          options: [
            { id: 'a', label: 'A', points: 1 },
            { id: 'a', label: 'B', points: 2 },
          ],
        },
      }),
      'BAD_REQUEST',
      400,
    );
    expect(twice.field).toBe('birthdayRewards.options');
  });
});
