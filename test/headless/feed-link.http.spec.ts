import { createHmac } from 'node:crypto';
import { expectError, expectSuccess, scenario, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { feedCustomerRef } from '../../src/ledger/social-links/feed-notification';
import { bearer, HEADLESS, tokenFor } from './headless-support';

const APP_SECRET = 'feed-app-secret-0123456789abcdef';
const PAGE = '104729384756';
const OTHER_PAGE = '998877665544';
/** A page-scoped user id of the messaging network: it must never leave the notification. */
const RAW_USER = '7701234567890123';

/** A Messenger-like opt-in notification of `page` for the customer `ref` names. */
const optin = (ref: string, page = PAGE, sender: Record<string, unknown> = { id: RAW_USER, name: 'Ada L.' }) => ({
  object: 'page',
  entry: [
    {
      id: page,
      time: 1767225600000,
      messaging: [{ sender, recipient: { id: page }, timestamp: 1767225600000, optin: { ref } }],
    },
  ],
});
const signed = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

describe(`the feed link: signed notifications of the messaging network (${defaultStoreKind()})`, () => {
  const s = scenario();
  const tokens: Record<number, string> = {};
  const refOf = (id: number, shop: ShopClient = s) => feedCustomerRef(shop.shop.headlessSecret, String(id));
  const notify = (raw: string, signature: string | null, shopId = s.shop.shopId) => {
    const call = s.t.http().post(`/social/feed/webhooks/${shopId}`).set('Content-Type', 'application/json');
    if (signature !== null) call.set('X-Hub-Signature-256', signature);
    return call.send(raw);
  };
  const notifySigned = (body: unknown) => {
    const raw = JSON.stringify(body);
    return notify(raw, signed(raw));
  };
  const me = async (id: number) =>
    (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(tokens[id])).expect(200)).body;
  const social = async (id: number) => {
    const { feedConnected, feedName } = (await me(id)).data.social;
    return { feedConnected, feedName };
  };
  const connected = { feedConnected: true, feedName: 'Ada L.' };
  const notConnected = { feedConnected: false, feedName: null };

  beforeAll(async () => {
    for (const id of [2001, 2002, 2003, 2004]) {
      await s.enrol(id);
      tokens[id] = await tokenFor(s.t, s.shop, id);
    }
  });

  it('the shop connects its page through v2 settings; the app secret is never answered', async () => {
    expect(expectSuccess((await s.get('/settings/feed').expect(200)).body)).toEqual({
      pageId: null,
      appSecretSet: false,
    });
    const res = await s.put('/settings/feed', { pageId: PAGE, appSecret: APP_SECRET }).expect(200);
    expect(res.body).toMatchObject({ success: true, data: { pageId: PAGE, appSecretSet: true } });
    expect(JSON.stringify(res.body)).not.toContain(APP_SECRET);
    const read = await s.get('/settings/feed').expect(200);
    expect(expectSuccess(read.body)).toEqual({ pageId: PAGE, appSecretSet: true });
    expect(JSON.stringify(read.body)).not.toContain(APP_SECRET);
  });

  it.each([
    ['a page id with a space', { pageId: 'my page' }, 'pageId'],
    ['no pageId', {}, 'pageId'],
    ['a short app secret', { pageId: PAGE, appSecret: 'short' }, 'appSecret'],
  ])('settings: %s is 400 naming the field', async (_, body, field) => {
    const res = await s.put('/settings/feed', body).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it.each([
    ['unsigned', () => null],
    ['signed with another secret', (raw: string) => signed(raw, 'not-the-app-secret-000000000')],
    ['a signature of another body', () => signed(JSON.stringify(optin(refOf(2001), PAGE, { id: '1' })))],
    ['a malformed signature', () => 'sha1=abc'],
  ])('a notification %s is 401 and links nobody', async (_, signature) => {
    const raw = JSON.stringify(optin(refOf(2001)));
    const res = await notify(raw, signature(raw)).expect(401);
    expectError(res.body, 'UNAUTHORIZED', 401);
    expect(await social(2001)).toEqual(notConnected);
  });

  it('a signed notification links the customer its ref names: feedConnected and feedName on GET /customer', async () => {
    const res = await notifySigned(optin(refOf(2001))).expect(200);
    expect(res.body).toMatchObject({ success: true, data: { linked: 1, ignored: 0 } });
    expect(await social(2001)).toEqual(connected);
    // The same notification again (networks redeliver) changes nothing (one event: see the next test).
    expect(expectSuccess((await notifySigned(optin(refOf(2001))).expect(200)).body)).toEqual({
      linked: 1,
      ignored: 0,
    });
  });

  it('the raw user id is never stored, answered, or sent: only its keyed hash is in the log', async () => {
    const customer = await s.customer(2001);
    const events = await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customer.id));
    const linked = events.filter((e) => e.type === 'social.feed-linked.v1');
    expect(linked).toHaveLength(1);
    expect(JSON.stringify(events.map((e) => [e.type, e.data]))).not.toContain(RAW_USER);
    expect(JSON.stringify(await me(2001))).not.toContain(RAW_USER);
    expect(JSON.stringify((await s.get('/customers/external/2001').expect(200)).body)).not.toContain(RAW_USER);
  });

  it('a ref not made with the shop’s headless secret, or of a customer the shop does not have, is ignored', async () => {
    const forgedRef = `2002.${'0'.repeat(64)}`;
    const res = await notifySigned({
      object: 'page',
      entry: [
        {
          id: PAGE,
          messaging: [
            { sender: { id: '1' }, optin: { ref: forgedRef } },
            { sender: { id: '2' }, optin: { ref: refOf(9999) } },
            { sender: { id: '3' }, optin: { ref: '2002' } },
            { sender: { id: '4' }, message: { text: 'hello' } },
          ],
        },
      ],
    }).expect(200);
    expect(expectSuccess(res.body)).toEqual({ linked: 0, ignored: 3 });
    expect(await social(2002)).toEqual(notConnected);
  });

  it("another shop's ref does not link this shop's customer; its notifications need its own secret", async () => {
    const other = await s.newShop();
    await other.enrol(2003);
    const res = await notifySigned(optin(refOf(2003, other))).expect(200);
    expect(expectSuccess(res.body)).toEqual({ linked: 0, ignored: 1 });
    expect(await social(2003)).toEqual(notConnected);
    // The other shop has no app secret: its notifications are refused, even signed with this one's.
    const raw = JSON.stringify(optin(refOf(2003, other)));
    await notify(raw, signed(raw), other.shop.shopId).expect(401);
    await notify(raw, signed(raw), 'no-such-shop').expect(401);
  });

  it('a link to another page than the connected one is not connected; connecting that page makes it so', async () => {
    await notifySigned(optin(refOf(2004), OTHER_PAGE, { id: '55' })).expect(200);
    expect(await social(2004)).toEqual(notConnected);
    await s.put('/settings/feed', { pageId: OTHER_PAGE }).expect(200);
    expect(await social(2004)).toEqual({ feedConnected: true, feedName: null });
    // 2001 linked the page the shop no longer has connected.
    expect(await social(2001)).toEqual(notConnected);
    // The secret was left as it was (absent: unchanged).
    expect(expectSuccess((await s.get('/settings/feed').expect(200)).body)).toEqual({
      pageId: OTHER_PAGE,
      appSecretSet: true,
    });
    await s.put('/settings/feed', { pageId: PAGE }).expect(200);
    expect(await social(2001)).toEqual(connected);
  });

  it('POST /customer/social/feed/disconnect removes the real link; again it answers the same', async () => {
    const disconnect = () =>
      s.t.http().post(`${HEADLESS}/customer/social/feed/disconnect`).set(bearer(tokens[2001])).send({});
    const res = await disconnect().expect(200);
    expect(res.body).toMatchObject({ success: true, data: { disconnected: true } });
    expect(await social(2001)).toEqual(notConnected);
    expect(expectSuccess((await disconnect().expect(200)).body)).toEqual({ disconnected: true });
    const customer = await s.customer(2001);
    const events = await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customer.id));
    expect(events.filter((e) => e.type === 'social.feed-disconnected.v1')).toHaveLength(1);
    // A new notification links again.
    await notifySigned(optin(refOf(2001))).expect(200);
    expect(await social(2001)).toEqual(connected);
  });

  it('an opt-in guest is not linked (ignored) until they join', async () => {
    await s.put('/settings/membership', { optInEnrollment: true }).expect(200);
    try {
      await s.enrol(2005);
      tokens[2005] = await tokenFor(s.t, s.shop, 2005);
      expect((await me(2005)).data.type).toBe('guest');
      const res = await notifySigned(optin(refOf(2005))).expect(200);
      expect(expectSuccess(res.body)).toEqual({ linked: 0, ignored: 1 });
      const customer = await s.customer(2005);
      const events = await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customer.id));
      expect(events.filter((e) => e.type === 'social.feed-linked.v1')).toEqual([]);
      expect(await social(2005)).toEqual(notConnected);
    } finally {
      await s.put('/settings/membership', { optInEnrollment: false }).expect(200);
    }
  });

  it('the page set to null: nobody is connected', async () => {
    await s.put('/settings/feed', { pageId: null }).expect(200);
    expect(await social(2001)).toEqual(notConnected);
  });
});
