import { CommandBus } from '@nestjs/cqrs';
import { decode } from 'jsonwebtoken';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp, OPERATOR_TOKEN, expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop, ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { bearer, craftToken, HEADLESS, hmacGrant, hmacOf, nowSeconds, tokenFor } from './headless-support';

describe(`headless token exchange and bearer tokens (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let other: ProvisionedShop;
  const exchange = (body: unknown) =>
    t
      .http()
      .post(`${HEADLESS}/auth/token`)
      .send(body as object);
  const me = (token: string) => t.http().get(`${HEADLESS}/customer`).set(bearer(token));

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    other = await t.shop();
    await t.enrol(shop, 1001, { email: 'Ada@Example.com' });
    await t.enrol(shop, 1002);
    await t.enrol(other, 1001, { email: 'ada@example.com' });
  });
  afterAll(() => t.close());

  describe('grant hmac', () => {
    it('issues an HS256 token naming the shop and the customer, with its lifetime', async () => {
      const before = nowSeconds();
      const res = await exchange(hmacGrant(shop, 1001, 'ada@example.com')).expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = expectSuccess(res.body);
      expect(data).toEqual({ token: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
      const { header, payload } = decode(data.token, { complete: true }) as any;
      expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
      const customerId = (await me(data.token).expect(200)).body.data.id;
      expect(payload).toEqual({
        iss: 'loyalty-points-service',
        aud: 'headless-customer-api',
        sub: customerId,
        shop: shop.shopId,
        iat: expect.any(Number),
        exp: payload.iat + 3600,
        jti: expect.any(String),
      });
      expect(payload.iat).toBeGreaterThanOrEqual(before);
    });

    it('compares the email case-insensitively (the signature is over the lowercased email)', async () => {
      await exchange(hmacGrant(shop, 1001, 'ADA@EXAMPLE.COM')).expect(200);
    });

    it('gives every token its own id', async () => {
      const a = decode(await tokenFor(t, shop, 1002)) as any;
      const b = decode(await tokenFor(t, shop, 1002)) as any;
      expect(a.jti).not.toBe(b.jti);
    });

    it.each([
      ['grant_type missing', (b: any) => ({ ...b, grant_type: undefined }), 'grant_type'],
      ['shopDomain missing', (b: any) => ({ ...b, shopDomain: undefined }), 'shopDomain'],
      [
        'customerId in the global id form',
        (b: any) => ({ ...b, customerId: 'gid://platform/Customer/1001' }),
        'customerId',
      ],
      ['email missing', (b: any) => ({ ...b, email: undefined }), 'email'],
      ['ts not a number', (b: any) => ({ ...b, ts: 'yesterday' }), 'ts'],
      ['hmac not hex', (b: any) => ({ ...b, hmac: 'zz' }), 'hmac'],
      ['hmac missing', (b: any) => ({ ...b, hmac: undefined }), 'hmac'],
    ])('400 BAD_REQUEST: %s', async (_case, change, field) => {
      const res = await exchange(change(hmacGrant(shop, 1001, 'ada@example.com'))).expect(400);
      expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe(field);
    });

    it('400 UNSUPPORTED_GRANT_TYPE for any other grant', async () => {
      const res = await exchange({ grant_type: 'password', shopDomain: shop.domain }).expect(400);
      expectError(res.body, 'UNSUPPORTED_GRANT_TYPE', 400);
      // The shopper-facing text of the code (catalogue `error.UNSUPPORTED_GRANT_TYPE`).
      expect(res.body.error.message).toBe('This sign-in method is not supported.');
    });

    it.each([
      ['ts more than 300 s in the past', (b: any) => withTs(b, nowSeconds() - 301)],
      // Ten seconds past the limit: at 301 a second that ticks over before the server reads its clock made it 300 (a flake).
      ['ts more than 300 s ahead', (b: any) => withTs(b, nowSeconds() + 310)],
      ['a wrong signature', (b: any) => ({ ...b, hmac: 'ab'.repeat(32) })],
      [
        'the REST secret key used instead of the headless secret',
        (b: any) => ({ ...b, hmac: hmacOf(shop.secretKey, 1001, b.email, b.ts) }),
      ],
      ['an unknown shop', (b: any) => ({ ...b, shopDomain: 'nowhere.example.com' })],
      ['a customer the service does not know', (b: any) => signed({ ...b, customerId: '9999' })],
      ['an email that is not the customer', (b: any) => signed({ ...b, email: 'eve@example.com' })],
      [
        'the other shop signing for this shop',
        (b: any) => ({ ...b, hmac: hmacOf(other.headlessSecret, 1001, b.email, b.ts) }),
      ],
    ])('401 UNAUTHORIZED with the envelope: %s', async (_case, change) => {
      const res = await exchange(change(hmacGrant(shop, 1001, 'ada@example.com'))).expect(401);
      expectError(res.body, 'UNAUTHORIZED', 401);
      expect(res.headers['cache-control']).toBe('no-store');
    });

    function withTs(body: any, ts: number) {
      return { ...body, ts, hmac: hmacOf(shop.headlessSecret, body.customerId, body.email, ts) };
    }
    function signed(body: any) {
      return { ...body, hmac: hmacOf(shop.headlessSecret, body.customerId, body.email, body.ts) };
    }

    it('403 PLAN_NOT_ELIGIBLE below the Ultimate plan (after a valid proof)', async () => {
      const premium: ProvisionedShop = await t.app
        .get(CommandBus)
        .execute(new ProvisionShopCommand(`premium-${randomUUID().slice(0, 8)}.example.com`, 'premium'));
      await t.enrol(premium, 5);
      const res = await exchange(hmacGrant(premium, 5)).expect(403);
      expectError(res.body, 'PLAN_NOT_ELIGIBLE', 403);
      // A bad proof is still 401 first.
      await exchange({ ...hmacGrant(premium, 5), hmac: 'ab'.repeat(32) }).expect(401);
    });
  });

  describe('grant shopify_customer_token on the embedded platform', () => {
    it('is refused with 401: there is no platform to verify the token with', async () => {
      const res = await exchange({
        grant_type: 'shopify_customer_token',
        shopDomain: shop.domain,
        customerAccessToken: 'anything',
      }).expect(401);
      expectError(res.body, 'UNAUTHORIZED', 401);
    });

    it('400 BAD_REQUEST without the platform token', async () => {
      const res = await exchange({ grant_type: 'shopify_customer_token', shopDomain: shop.domain }).expect(400);
      expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe('customerAccessToken');
    });
  });

  describe('bearer tokens on /customer', () => {
    let token: string;
    let customerId: string;
    beforeAll(async () => {
      token = await tokenFor(t, shop, 1002);
      customerId = (decode(token) as any).sub;
    });

    it('a valid token reads its own customer, privately', async () => {
      const res = await me(token).expect(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(expectSuccess(res.body).id).toBe(customerId);
    });

    const unauthorized = async (request: Promise<any>) => {
      const res = await request;
      expect(res.status).toBe(401);
      expect(res.text).toBe('');
      expect(res.headers['cache-control']).toBe('private, no-store');
    };

    it('401 with no body without a token, or with another scheme', async () => {
      await unauthorized(t.http().get(`${HEADLESS}/customer`));
      await unauthorized(t.http().get(`${HEADLESS}/customer`).set('Authorization', `Basic ${token}`));
      await unauthorized(me('not-a-jwt'));
    });

    it('401 for a forged signature (a key that is not the shop key)', async () => {
      const claims = decode(token) as any;
      await unauthorized(me(craftToken('some-other-secret', claims)));
      // A token whose payload was edited keeps the old signature.
      const [h, , s] = token.split('.');
      const edited = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
      await unauthorized(me(`${h}.${edited}.${s}`));
    });

    it('401 for an expired token, even with the right key', async () => {
      const now = nowSeconds();
      await unauthorized(
        me(craftToken(shop.headlessSecret, { ...standard(customerId, shop.shopId), iat: now - 7200, exp: now - 3600 })),
      );
    });

    it('401 for a token without exp, even with the right key and claims', async () => {
      const now = nowSeconds();
      const claims = { ...standard(customerId, shop.shopId), iat: now };
      await me(craftToken(shop.headlessSecret, { ...claims, exp: now + 600 })).expect(200);
      await unauthorized(me(craftToken(shop.headlessSecret, claims)));
    });

    it('a token accepted before is refused once its exp has come', async () => {
      const now = nowSeconds();
      const shortLived = craftToken(shop.headlessSecret, {
        ...standard(customerId, shop.shopId),
        iat: now,
        exp: now + 2,
      });
      await me(shortLived).expect(200);
      await new Promise((resolve) => setTimeout(resolve, (now + 2 - Date.now() / 1000) * 1000 + 50));
      await unauthorized(me(shortLived));
    });

    it('401 for alg none and for another HMAC algorithm (pinned to HS256)', async () => {
      const payload = Buffer.from(JSON.stringify({ ...standard(customerId, shop.shopId), exp: nowSeconds() + 600 }));
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload.toString('base64url')}.`;
      await unauthorized(me(none));
      await unauthorized(me(craftToken(shop.headlessSecret, fresh(customerId, shop.shopId), { algorithm: 'HS512' })));
    });

    it('401 for another issuer or audience, or without sub, shop or jti', async () => {
      const base = fresh(customerId, shop.shopId);
      await unauthorized(me(craftToken(shop.headlessSecret, { ...base, iss: 'someone' })));
      await unauthorized(me(craftToken(shop.headlessSecret, { ...base, aud: 'management' })));
      for (const claim of ['sub', 'shop', 'jti']) {
        const { [claim]: _gone, ...rest } = base as Record<string, unknown>;
        await unauthorized(me(craftToken(shop.headlessSecret, rest)));
      }
    });

    it("401 for a token naming this shop but signed with the other shop's key", async () => {
      await unauthorized(me(craftToken(other.headlessSecret, fresh(customerId, shop.shopId))));
    });

    it("a token of the other shop reads the other shop's customer only", async () => {
      const otherToken = await tokenFor(t, other, 1001, 'ada@example.com');
      const res = await me(otherToken).expect(200);
      expect(res.body.data.id).not.toBe(customerId);
      expect(res.body.data.id).toBe((decode(otherToken) as any).sub);
      // Its claims cannot be pointed at this shop: the signature is the other shop's.
      await unauthorized(me(craftToken(other.headlessSecret, { ...(decode(otherToken) as any), shop: shop.shopId })));
    });

    it("rotating the shop's headless secret ends its tokens and the old secret's signatures", async () => {
      const rotating = await t.shop();
      await t.enrol(rotating, 77);
      const before = await tokenFor(t, rotating, 77);
      await me(before).expect(200);
      const rotated = await t
        .http()
        .post(`/admin/api/shops/${rotating.shopId}/rotate-headless-secret`)
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .expect(200);
      const headlessSecret = rotated.body.data.headlessSecret;
      expect(headlessSecret).toMatch(/^hs_/);
      expect(headlessSecret).not.toBe(rotating.headlessSecret);
      await unauthorized(me(before));
      const oldSigned = await exchange(hmacGrant(rotating, 77)).expect(401);
      expectError(oldSigned.body, 'UNAUTHORIZED', 401);
      const after = await tokenFor(t, { ...rotating, headlessSecret }, 77);
      await me(after).expect(200);
      // Other shops' tokens are untouched.
      await me(token).expect(200);
    });
  });
});

function standard(customerId: string, shopId: string) {
  return {
    iss: 'loyalty-points-service',
    aud: 'headless-customer-api',
    sub: customerId,
    shop: shopId,
    jti: randomUUID(),
  };
}

function fresh(customerId: string, shopId: string) {
  const now = nowSeconds();
  return { ...standard(customerId, shopId), iat: now, exp: now + 600 };
}
