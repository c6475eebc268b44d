import { createHmac } from 'node:crypto';
import request from 'supertest';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { Logger } from '@nestjs/common';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { newLoginState } from '../../src/ledger/social-links/chat/chat-login-state';
import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { CHAT_USERS } from '../../src/ledger/social-links/chat/read/chat-users.projection';
import { bearer, HEADLESS, tokenFor } from './headless-support';

const CHANNEL = '1657000001';
const CHANNEL_SECRET = 'chat-channel-secret-0123456789ab';
const CALLBACK = 'https://loyalty.example.com/app/api/v1/headless/social/chat/callback';
/** Users of the chat network: their raw ids must never leave the callback or the notification. */
const RAW_USER = 'U4af4980629aaaaaaaaaaaaaaaaaaaaaa';
const RAW_OTHER = 'U4af4980629bbbbbbbbbbbbbbbbbbbbbb';
const RAW_RACER = 'U4af4980629cccccccccccccccccccccc';
/** One chat user per customer: a chat account links one customer of a shop. */
const RAW_FIFTH = 'U4af4980629dddddddddddddddddddddd';
const RAW_SIXTH = 'U4af4980629eeeeeeeeeeeeeeeeeeeeee';
const RAW_SHARED = 'U4af4980629ffffffffffffffffffffff';

/** A stub OAuth 2.0 server on loopback: the token endpoint and the profile of the chat network. */
interface StubNetwork {
  base: string;
  /** Authorization code -> the user it logs in. */
  codes: Map<string, string>;
  /** `down`: every connection is cut. */
  down: boolean;
  calls: Array<{ method: string; path: string; contentType?: string; authorization?: string; form?: URLSearchParams }>;
  close(): Promise<void>;
}

function answer(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

async function startStubNetwork(): Promise<StubNetwork> {
  const stub = { codes: new Map<string, string>(), down: false, calls: [] } as unknown as StubNetwork;
  const tokens = new Map<string, string>();
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (stub.down) return req.socket.destroy();
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      const call = { method: req.method ?? '', path, contentType: req.headers['content-type'] };
      if (req.method === 'POST' && path === '/oauth2/v2.1/token') {
        const form = new URLSearchParams(raw);
        stub.calls.push({ ...call, form });
        const user = stub.codes.get(form.get('code') ?? '');
        const client = form.get('client_id') === CHANNEL && form.get('client_secret') === CHANNEL_SECRET;
        const grant = form.get('grant_type') === 'authorization_code' && form.get('redirect_uri') === CALLBACK;
        if (!user || !client || !grant) return answer(res, 400, { error: 'invalid_grant' });
        stub.codes.delete(form.get('code')!);
        const token = `at-${tokens.size + 1}`;
        tokens.set(token, user);
        return answer(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 2592000, scope: 'profile' });
      }
      if (req.method === 'GET' && path === '/v2/profile') {
        stub.calls.push({ ...call, authorization: req.headers.authorization });
        const user = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user ? answer(res, 200, { userId: user, displayName: 'Ada' }) : answer(res, 401, { message: 'invalid' });
      }
      answer(res, 404, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stub.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stub.close = () => new Promise((resolve) => server.close(() => resolve()));
  return stub;
}

describe(`chat login: OAuth 2.0 against a stub network on loopback (${defaultStoreKind()})`, () => {
  let stub: StubNetwork;
  /** What the service's loggers were given during the whole file (checked for the raw user ids last). */
  const logged: unknown[] = [];
  const spies = (['log', 'warn', 'error', 'debug', 'verbose'] as const).map((level) =>
    jest.spyOn(Logger.prototype, level).mockImplementation((...args: unknown[]) => void logged.push(args)),
  );
  afterAll(() => spies.forEach((spy) => spy.mockRestore()));
  let clockOffsetMs = 0;
  beforeAll(async () => {
    stub = await startStubNetwork();
  });
  afterAll(() => stub.close());
  const s = scenario(() => ({
    clock: { now: () => new Date(Date.now() + clockOffsetMs) },
    env: {
      CHAT_API_URL: stub.base,
      CHAT_AUTHORIZE_URL: `${stub.base}/oauth2/v2.1/authorize`,
      CHAT_CALLBACK_URL: CALLBACK,
      CHAT_TIMEOUT_MS: '2000',
    },
  }));
  const tokens: Record<number, string> = {};
  const ids: Record<number, string> = {};
  let joinProgram = '';

  const authUrl = (id: number) => s.t.http().post(`${HEADLESS}/customer/social/chat/auth-url`).set(bearer(tokens[id]));
  const stateFor = async (id: number) =>
    new URL(expectSuccess((await authUrl(id).expect(200)).body).authUrl).searchParams.get('state')!;
  const callback = (query: Record<string, string>) => s.t.http().get(`${HEADLESS}/social/chat/callback`).query(query);
  const me = async (id: number) =>
    (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(tokens[id])).expect(200)).body;
  const social = async (id: number) => {
    const { chatLinked, chatFollowedOA } = (await me(id)).data.social;
    return { chatLinked, chatFollowedOA };
  };
  const notify = (raw: string, signature: string | null) => {
    const call = s.t.http().post(`/social/chat/webhooks/${s.shop.shopId}`).set('Content-Type', 'application/json');
    if (signature !== null) call.set('X-Line-Signature', signature);
    return call.send(raw);
  };
  const signed = (raw: string, secret = CHANNEL_SECRET) => createHmac('sha256', secret).update(raw).digest('base64');
  const followEvent = (type: 'follow' | 'unfollow', userId = RAW_USER, timestamp = 1767225600000) => ({
    destination: 'Ubot',
    events: [{ type, timestamp, mode: 'active', source: { type: 'user', userId }, webhookEventId: 'w1' }],
  });
  const notifySigned = (body: unknown) => {
    const raw = JSON.stringify(body);
    return notify(raw, signed(raw));
  };
  const streamOf = async (id: number) =>
    s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, ids[id]));
  const linkedOnce = (events: Array<{ type: string }>) => events.filter((e) => e.type === 'social.chat-linked.v1');

  beforeAll(async () => {
    joinProgram = await s.earning('join_chat', 'Chat (login)', { earnPoint: 10, lineJoinType: 'follow_oa' });
    for (const id of [3001, 3002, 3003, 3004, 3005, 3006]) {
      ids[id] = await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
    }
  });

  it('auth-url is 400 CHAT_NOT_CONNECTED until the shop has set its channel id and secret', async () => {
    expectError((await authUrl(3001).expect(400)).body, 'CHAT_NOT_CONNECTED', 400);
    await s.put('/settings/chat', { channelId: CHANNEL }).expect(200);
    expectError((await authUrl(3001).expect(400)).body, 'CHAT_NOT_CONNECTED', 400);
    expect(linkedOnce(await streamOf(3001))).toHaveLength(0);
  });

  it('the shop connects the chat channel through v2 settings; the secret is never answered', async () => {
    expect(expectSuccess((await s.get('/settings/chat').expect(200)).body)).toEqual({
      channelId: CHANNEL,
      channelSecretSet: false,
    });
    const res = await s.put('/settings/chat', { channelId: CHANNEL, channelSecret: CHANNEL_SECRET }).expect(200);
    expect(res.body).toMatchObject({ success: true, data: { channelId: CHANNEL, channelSecretSet: true } });
    const read = await s.get('/settings/chat').expect(200);
    expect(expectSuccess(read.body)).toEqual({ channelId: CHANNEL, channelSecretSet: true });
    expect(JSON.stringify([res.body, read.body])).not.toContain(CHANNEL_SECRET);
  });

  it.each([
    ['a channel id with a space', { channelId: 'my channel' }, 'channelId'],
    ['no channelId', {}, 'channelId'],
    ['a short channel secret', { channelId: CHANNEL, channelSecret: 'short' }, 'channelSecret'],
  ])('settings: %s is 400 naming the field', async (_, body, field) => {
    const res = await s.put('/settings/chat', body).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it("auth-url answers the network's authorization URL with a fresh state, in the headless envelope", async () => {
    const res = await authUrl(3001).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({
      success: true,
      data: { authUrl: expect.any(String) },
      meta: expect.any(Object),
      message: expect.any(String),
      timestamp: expect.any(String),
    });
    const url = new URL(res.body.data.authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${stub.base}/oauth2/v2.1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: CHANNEL,
      redirect_uri: CALLBACK,
      state: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]{43}$/),
      scope: 'profile',
      bot_prompt: 'aggressive',
    });
    expect(await stateFor(3001)).not.toBe(url.searchParams.get('state'));
  });

  it('the callback exchanges the code (form POST), reads the profile (bearer), links and pays the follow_oa program once', async () => {
    const state = await stateFor(3001);
    stub.codes.set('code-1', RAW_USER);
    stub.calls.length = 0;
    const res = await callback({ code: 'code-1', state }).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: { chatLinked: true, pointsEarned: 10 },
      meta: expect.any(Object),
      message: expect.any(String),
      timestamp: expect.any(String),
    });
    const [token, profile] = stub.calls;
    expect(token).toMatchObject({ method: 'POST', path: '/oauth2/v2.1/token' });
    expect(token.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(Object.fromEntries(token.form!)).toEqual({
      grant_type: 'authorization_code',
      code: 'code-1',
      redirect_uri: CALLBACK,
      client_id: CHANNEL,
      client_secret: CHANNEL_SECRET,
    });
    expect(profile).toMatchObject({ method: 'GET', path: '/v2/profile', authorization: 'Bearer at-1' });
    expect(await social(3001)).toEqual({ chatLinked: true, chatFollowedOA: false });
    expect(await s.balance(3001)).toBe(10);
    // Paid once: the social earn route now says the program has paid.
    const claim = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .set(bearer(tokens[3001]))
      .send({ programId: joinProgram })
      .expect(400);
    expectError(claim.body, 'LIMIT_REACHED', 400);
    // A second login links again, pays nothing.
    stub.codes.set('code-1b', RAW_USER);
    const again = await callback({ code: 'code-1b', state: await stateFor(3001) }).expect(200);
    expect(again.body.data).toEqual({ chatLinked: true, pointsEarned: 0 });
    expect(await s.balance(3001)).toBe(10);
  });

  it('a reused state is 400 CHAT_LOGIN_REFUSED, before the network is called, and changes nothing', async () => {
    const state = await stateFor(3002);
    stub.codes.set('code-2', RAW_OTHER);
    await callback({ code: 'code-2', state }).expect(200);
    const before = await streamOf(3002);
    stub.codes.set('code-2b', RAW_OTHER);
    stub.calls.length = 0;
    const res = await callback({ code: 'code-2b', state }).expect(400);
    expect(expectError(res.body, 'CHAT_LOGIN_REFUSED', 400).field).toBe('state');
    expect(stub.calls).toHaveLength(0);
    expect(await streamOf(3002)).toHaveLength(before.length);
    expect(await s.balance(3002)).toBe(10);
  });

  it('an expired state is refused and links nobody', async () => {
    const state = await stateFor(3003);
    stub.codes.set('code-3', RAW_OTHER);
    clockOffsetMs = 601_000;
    try {
      expectError((await callback({ code: 'code-3', state }).expect(400)).body, 'CHAT_LOGIN_REFUSED', 400);
    } finally {
      clockOffsetMs = 0;
    }
    expect(await social(3003)).toEqual({ chatLinked: false, chatFollowedOA: false });
    expect(await s.balance(3003)).toBe(0);
  });

  it('a forged state (never issued, or malformed) is refused; a missing code or state is BAD_REQUEST', async () => {
    await stateFor(3004);
    stub.codes.set('code-4', RAW_OTHER);
    const forged = newLoginState({ shopId: s.shop.shopId, customerId: ids[3004] });
    for (const state of [forged, 'not-a-state', newLoginState({ shopId: 'no-such-shop', customerId: ids[3004] })])
      expectError((await callback({ code: 'code-4', state }).expect(400)).body, 'CHAT_LOGIN_REFUSED', 400);
    expect(expectError((await callback({ state: forged }).expect(400)).body, 'BAD_REQUEST', 400).field).toBe('code');
    expect(expectError((await callback({ code: 'code-4' }).expect(400)).body, 'BAD_REQUEST', 400).field).toBe('state');
    expect(await social(3004)).toEqual({ chatLinked: false, chatFollowedOA: false });
  });

  it("another customer's state links only that customer: moved onto this customer, it is refused", async () => {
    const theirs = await stateFor(3005);
    const mine = await stateFor(3004);
    // 3005's nonce with 3004 named as its customer: matches nobody's login.
    const [, , nonce] = theirs.split('.');
    const [shopPart, minePart] = mine.split('.');
    stub.codes.set('code-5', RAW_FIFTH);
    const res = await callback({ code: 'code-5', state: `${shopPart}.${minePart}.${nonce}` }).expect(400);
    expectError(res.body, 'CHAT_LOGIN_REFUSED', 400);
    expect(await social(3004)).toEqual({ chatLinked: false, chatFollowedOA: false });
    // 3005's own state links 3005, not the customer who presented it.
    await callback({ code: 'code-5', state: theirs }).expect(200);
    expect(await social(3005)).toEqual({ chatLinked: true, chatFollowedOA: false });
    expect(await social(3004)).toEqual({ chatLinked: false, chatFollowedOA: false });
  });

  it('the network down, or refusing the code, is 502 CHAT_NETWORK_FAILED and changes nothing; the state stays usable', async () => {
    const state = await stateFor(3006);
    const before = await streamOf(3006);
    stub.down = true;
    try {
      const res = await callback({ code: 'code-6', state }).expect(502);
      expectError(res.body, 'CHAT_NETWORK_FAILED', 502);
      // The state stays usable: the message says to try again, not to start over.
      expect(res.body.error.message).toMatch(/try again/);
      expect(res.body.error.message).not.toMatch(/start the login again/);
    } finally {
      stub.down = false;
    }
    expectError((await callback({ code: 'unknown-code', state }).expect(502)).body, 'CHAT_NETWORK_FAILED', 502);
    expect(await streamOf(3006)).toHaveLength(before.length);
    expect(await social(3006)).toEqual({ chatLinked: false, chatFollowedOA: false });
    expect(await s.balance(3006)).toBe(0);
    stub.codes.set('code-6', RAW_SIXTH);
    await callback({ code: 'code-6', state }).expect(200);
    expect(await social(3006)).toEqual({ chatLinked: true, chatFollowedOA: false });
  });

  it.each([
    ['unsigned', () => null],
    ['signed with another secret', (raw: string) => signed(raw, 'not-the-channel-secret-000000')],
    ['a signature of another body', () => signed('{}')],
  ])('a follow notification %s is 401 and changes nothing', async (_, signature) => {
    const raw = JSON.stringify(followEvent('follow'));
    expectError((await notify(raw, signature(raw)).expect(401)).body, 'UNAUTHORIZED', 401);
    expect(await social(3001)).toEqual({ chatLinked: true, chatFollowedOA: false });
  });

  it('follow then unfollow set chatFollowedOA and return it to false; an unknown user is ignored', async () => {
    const follow = await notifySigned(followEvent('follow')).expect(200);
    expect(follow.body).toMatchObject({ success: true, data: { applied: 1, ignored: 0 } });
    expect(await social(3001)).toEqual({ chatLinked: true, chatFollowedOA: true });
    const unfollow = await notifySigned(followEvent('unfollow', RAW_USER, 1767225601000)).expect(200);
    expect(expectSuccess(unfollow.body)).toEqual({ applied: 1, ignored: 0 });
    expect(await social(3001)).toEqual({ chatLinked: true, chatFollowedOA: false });
    // The follow redelivered late (older than the unfollow) changes nothing.
    await notifySigned(followEvent('follow')).expect(200);
    expect(await social(3001)).toEqual({ chatLinked: true, chatFollowedOA: false });
    const stranger = await notifySigned(followEvent('follow', 'Unobody')).expect(200);
    expect(expectSuccess(stranger.body)).toEqual({ applied: 0, ignored: 1 });
  });

  it('the raw user id is in no answer, no stored event, no read model and no log line: only its keyed hash', async () => {
    const events = await Promise.all([3001, 3002, 3005, 3006].map(streamOf));
    expect(linkedOnce(events[0])).toHaveLength(2);
    const stored = JSON.stringify(events.flat().map((e) => [e.type, e.data]));
    const answers = JSON.stringify([
      await me(3001),
      (await s.get('/customers/external/3001').expect(200)).body,
      (await notifySigned(followEvent('follow', RAW_USER, 1767225602000)).expect(200)).body,
    ]);
    const users = await (
      await s.t.app.get<ReadStore>(READ_STORE).collection(CHAT_USERS)
    ).find({
      shopId: s.shop.shopId,
    });
    expect(users.length).toBeGreaterThan(0);
    // The network-down test made the service log its warning: the raw ids are not in it either.
    expect(JSON.stringify(logged)).toContain('The chat network could not be reached');
    for (const text of [stored, answers, JSON.stringify(users), JSON.stringify(logged)]) {
      expect(text).not.toContain(RAW_USER);
      for (const raw of [RAW_OTHER, RAW_FIFTH, RAW_SIXTH]) expect(text).not.toContain(raw);
    }
  });

  it('one state raced on two service instances links once and pays the join reward once', async () => {
    // On PostgreSQL the callbacks go to two processes (two pools, two stream caches) at once.
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const id = 3007;
    ids[id] = await s.enrol(id);
    tokens[id] = await tokenFor(s.t, s.shop, id);
    const state = await stateFor(id);
    const racers = Array.from({ length: 6 }, (_, i) => {
      stub.codes.set(`race-${i}`, RAW_RACER);
      return request(apps[i % apps.length].getHttpServer())
        .get(`${HEADLESS}/social/chat/callback`)
        .query({ code: `race-${i}`, state });
    });
    const answers = await Promise.all(racers);
    const linked = answers.filter((r) => r.status === 200);
    expect(linked.map((r) => r.body.data)).toEqual([{ chatLinked: true, pointsEarned: 10 }]);
    for (const refused of answers.filter((r) => r.status !== 200)) expectError(refused.body, 'CHAT_LOGIN_REFUSED', 400);
    // Read from the process that linked: another process shows it only once it has applied the events
    // itself (within its projection poll).
    const linker = apps[answers.findIndex((r) => r.status === 200) % apps.length];
    const customer = await request(linker.getHttpServer())
      .get(`/rest_api/v2/customers/external/${id}`)
      .set(s.keys)
      .expect(200);
    expect(customer.body.data.point).toBe(10);
    const stream = await streamOf(id);
    expect(linkedOnce(stream)).toHaveLength(1);
    expect(stream.filter((e) => e.type === 'points.awarded.v1')).toHaveLength(1);
  });

  it('one chat account links one customer of the shop: another is 409 CHAT_ACCOUNT_TAKEN and paid nothing', async () => {
    for (const id of [3008, 3009]) {
      ids[id] = await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
    }
    stub.codes.set('shared-1', RAW_SHARED);
    expect((await callback({ code: 'shared-1', state: await stateFor(3008) }).expect(200)).body.data).toEqual({
      chatLinked: true,
      pointsEarned: 10,
    });
    const before = await streamOf(3009);
    stub.codes.set('shared-2', RAW_SHARED);
    const res = await callback({ code: 'shared-2', state: await stateFor(3009) }).expect(409);
    expectError(res.body, 'CHAT_ACCOUNT_TAKEN', 409);
    expect(await streamOf(3009)).toHaveLength(before.length + 1); // the login started, nothing more
    expect(await social(3009)).toEqual({ chatLinked: false, chatFollowedOA: false });
    expect(await s.balance(3009)).toBe(0);
    // Its holder logs in with it again: still its own.
    stub.codes.set('shared-3', RAW_SHARED);
    expect((await callback({ code: 'shared-3', state: await stateFor(3008) }).expect(200)).body.data).toEqual({
      chatLinked: true,
      pointsEarned: 0,
    });
    // Follow notifications of that user reach its one customer.
    await notifySigned(followEvent('follow', RAW_SHARED, 1767225603000)).expect(200);
    expect(await social(3008)).toEqual({ chatLinked: true, chatFollowedOA: true });
    expect(await s.balance(3008)).toBe(10);
  });

  it('one chat account raced by two customers on two service instances: one is linked and paid', async () => {
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const racers = [3010, 3011, 3012, 3013];
    const states: string[] = [];
    for (const id of racers) {
      ids[id] = await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
      states.push(await stateFor(id));
    }
    const RAW_CONTESTED = 'U4af4980629999999999999999999999a';
    const answers = await Promise.all(
      states.map((state, i) => {
        stub.codes.set(`contested-${i}`, RAW_CONTESTED);
        return request(apps[i % apps.length].getHttpServer())
          .get(`${HEADLESS}/social/chat/callback`)
          .query({ code: `contested-${i}`, state });
      }),
    );
    expect(answers.filter((r) => r.status === 200).map((r) => r.body.data)).toEqual([
      { chatLinked: true, pointsEarned: 10 },
    ]);
    for (const refused of answers.filter((r) => r.status !== 200)) expectError(refused.body, 'CHAT_ACCOUNT_TAKEN', 409);
    const streams = await Promise.all(racers.map(streamOf));
    expect(streams.flatMap(linkedOnce)).toHaveLength(1);
    expect(streams.flat().filter((e) => e.type === 'points.awarded.v1')).toHaveLength(1);
  });
});
