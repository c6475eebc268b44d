import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { socialHandleStreamId } from '../../src/ledger/social-links/domain/social-handle.decider';
import { bearer, HEADLESS, tokenFor } from './headless-support';

describe(`headless social links (${defaultStoreKind()})`, () => {
  const s = scenario();
  let follow: string;
  const tokens: Record<number, string> = {};
  const link = (id: number, body: object) =>
    s.t.http().post(`${HEADLESS}/customer/social/photo/link`).set(bearer(tokens[id])).send(body);
  const social = async (id: number) =>
    (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(tokens[id])).expect(200)).body.data.social;

  beforeAll(async () => {
    follow = await s.earning('follow_photo', 'Follow us', { earnPoint: 40 });
    for (const id of [2001, 2002, 2003, 2004, 2005]) {
      await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
    }
  });

  it('links a trimmed, lowercased handle and pays the one-time reward with it; GET /customer shows it', async () => {
    const res = await link(2001, { instagramUsername: '  Our.Fan_1 ' }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({
      success: true,
      data: { photoUsername: 'our.fan_1', rewardEarned: true, pointsEarned: 40 },
      meta: {},
      message: 'Photo account linked',
      timestamp: expect.any(String),
    });
    expect(await social(2001)).toEqual({
      photoUsername: 'our.fan_1',
      chatLinked: false,
      chatFollowedOA: false,
      feedConnected: false,
      feedName: null,
    });
    expect(await s.balance(2001)).toBe(40);
    // The same handle again changes nothing and pays nothing.
    expect(expectSuccess((await link(2001, { instagramUsername: 'OUR.FAN_1' }).expect(200)).body)).toEqual({
      photoUsername: 'our.fan_1',
      rewardEarned: false,
      pointsEarned: 0,
    });
  });

  it('the handle is sealed in the log and never in a stream id', async () => {
    const customer = await s.customer(2001);
    const stream = await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customer.id));
    const linked = stream.find((e) => e.type === 'social.photo-linked.v1')!;
    expect(JSON.stringify(linked.data)).not.toContain('our.fan_1');
    const handleStream = socialHandleStreamId(s.shop.shopId, 'our.fan_1');
    expect(handleStream).not.toContain('our.fan_1');
    expect((await s.t.store.storage.eventStore.readStream(handleStream)).map((e) => e.type)).toEqual([
      'social-handle.reserved.v1',
    ]);
  });

  it('unlink (empty or absent) answers photoUsername "", frees the handle; a relink never pays again', async () => {
    expect(expectSuccess((await link(2001, {}).expect(200)).body)).toEqual({
      photoUsername: '',
      rewardEarned: false,
      pointsEarned: 0,
    });
    expect((await social(2001)).photoUsername).toBeNull();
    // Freed: another customer takes it (their first link pays them).
    expect(expectSuccess((await link(2002, { instagramUsername: 'our.fan_1' }).expect(200)).body)).toEqual({
      photoUsername: 'our.fan_1',
      rewardEarned: true,
      pointsEarned: 40,
    });
    expect(expectSuccess((await link(2001, { instagramUsername: 'other.name' }).expect(200)).body)).toEqual({
      photoUsername: 'other.name',
      rewardEarned: false,
      pointsEarned: 0,
    });
    await link(2001, { instagramUsername: '   ' }).expect(200);
    expect((await social(2001)).photoUsername).toBeNull();
    expect(await s.balance(2001)).toBe(40);
  });

  it('409 USERNAME_TAKEN when another customer holds the handle; changing handles frees the old one', async () => {
    expectError((await link(2003, { instagramUsername: 'Our.Fan_1' }).expect(409)).body, 'USERNAME_TAKEN', 409);
    expect((await social(2003)).photoUsername).toBeNull();
    await link(2002, { instagramUsername: 'second.name' }).expect(200);
    expect(expectSuccess((await link(2003, { instagramUsername: 'our.fan_1' }).expect(200)).body).photoUsername).toBe(
      'our.fan_1',
    );
    expectError((await link(2004, { instagramUsername: 'second.name' }).expect(409)).body, 'USERNAME_TAKEN', 409);
  });

  it('no reward when the follow program has already paid the customer (social earn first)', async () => {
    await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .set(bearer(tokens[2005]))
      .send({ programId: follow })
      .expect(200);
    expect(expectSuccess((await link(2005, { instagramUsername: 'fan2005' }).expect(200)).body)).toEqual({
      photoUsername: 'fan2005',
      rewardEarned: false,
      pointsEarned: 0,
    });
    expect(await s.balance(2005)).toBe(40);
  });

  it('400 BAD_REQUEST for a malformed handle; 403 NOT_ELIGIBLE for an opt-in guest; 401 without a token', async () => {
    for (const instagramUsername of ['has space', 'x'.repeat(31), 'émile', 42])
      expectError((await link(2004, { instagramUsername }).expect(400)).body, 'BAD_REQUEST', 400);
    const optIn = await s.newShop();
    await optIn.put('/settings/membership', { optInEnrollment: true }).expect(200);
    await optIn.enrol(9);
    const guest = await tokenFor(s.t, optIn.shop, 9);
    for (const body of [{ instagramUsername: 'guest.fan' }, {}]) {
      const res = await s.t.http().post(`${HEADLESS}/customer/social/photo/link`).set(bearer(guest)).send(body);
      expect(res.status).toBe(403);
      expectError(res.body, 'NOT_ELIGIBLE', 403);
    }
    await s.t.http().post(`${HEADLESS}/customer/social/photo/link`).send({}).expect(401);
  });

  it('feed disconnect answers {disconnected: true}, with or without a link', async () => {
    const res = await s.t
      .http()
      .post(`${HEADLESS}/customer/social/feed/disconnect`)
      .set(bearer(tokens[2004]))
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { disconnected: true },
      meta: {},
      message: 'Disconnected',
      timestamp: expect.any(String),
    });
    expect((await social(2004)).feedConnected).toBe(false);
  });
});
