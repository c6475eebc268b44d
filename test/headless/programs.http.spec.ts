import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { CommandBus } from '@nestjs/cqrs';
import { ProvisionedShop, ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { bearer, DOLLAR_PER_100, HEADLESS, tokenFor } from './headless-support';

describe(`headless programs, personalised and public (${defaultStoreKind()})`, () => {
  const s = scenario();
  let token: string;
  const ids: Record<string, string> = {};
  const mine = (query = '') => s.t.http().get(`${HEADLESS}/customer/programs${query}`).set(bearer(token));
  const publicList = (query: string) => s.t.http().get(`${HEADLESS}/programs${query}`);

  beforeAll(async () => {
    ids.signUp = await s.earning('sign_up', 'Create an account', { earnPoint: 50 });
    ids.order = await s.earning('place_order', 'Orders', { earnPoint: 5, earnBy: 'price', rateMoney: 1, priority: 5 });
    ids.photo = await s.earning('follow_photo', 'Follow us', {
      earnPoint: 20,
      urlLocation: 'https://photo.example.com/ourshop',
    });
    ids.share = await s.earning('share_feed', 'Share', { earnPoint: 10 });
    ids.micro = await s.earning('follow_micro', 'Micro', { earnPoint: 10, urlAccount: '@ourshop' });
    ids.chat = await s.earning('join_chat', 'Chat', { earnPoint: 10, lineJoinType: 'follow_oa' });
    ids.birthday = await s.earning('birthday', 'Birthday', { earnPoint: 100 });
    ids.disabled = await s.earning('join_forum', 'Off', { earnPoint: 1, status: false });
    ids.draft = await s.earning('join_game', 'Draft', { earnPoint: 1, isDraft: true });
    ids.fiveOff = await s.spending('amount_discount', '$5 off', {
      pointsCost: 500,
      rewardValue: 5,
      expiresInDays: 30,
      orderReqAmount: '50.00',
      limitRedeem: 2,
    });
    ids.dynamic = await s.spending('amount_discount', '$1 per 100', {
      ...DOLLAR_PER_100,
      combinedWith: { orderDiscounts: true, shippingDiscounts: true },
    });
    await s.enrol(1001);
    token = await tokenFor(s.t, s.shop, 1001);
  });

  it('GET /customer/programs: active programs, earning first, every field of 2.3', async () => {
    const res = await mine().expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const programs = expectSuccess(res.body);
    expect(res.body.meta).toEqual({ count: programs.length });
    const byId = new Map(programs.map((p: any) => [p.id, p]));
    expect(programs.map((p: any) => p.id)).toEqual([
      ids.order,
      ids.signUp,
      ids.photo,
      ids.share,
      ids.micro,
      ids.chat,
      ids.birthday,
      ids.fiveOff,
      ids.dynamic,
    ]);
    const nulls = { form: null, review: null, googleReview: null, streak: null, referral: null };
    expect(byId.get(ids.signUp)).toEqual({
      id: ids.signUp,
      programType: 'earning',
      key: 'sign_up',
      title: 'Create an account',
      description: '',
      iconUrl: '',
      points: 50,
      redeemType: null,
      actionUrl: null,
      lineJoinType: null,
      rateMoney: null,
      conditions: [],
      isEarned: true,
      ...nulls,
      birthday: null,
    });
    expect(byId.get(ids.order)).toMatchObject({ key: 'place_order', points: 5, rateMoney: 1, isEarned: false });
    expect(byId.get(ids.photo)).toMatchObject({ actionUrl: 'https://photo.example.com/ourshop', isEarned: false });
    expect(byId.get(ids.share)).toMatchObject({
      actionUrl: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(`https://${s.shop.domain}`)}`,
    });
    expect(byId.get(ids.micro)).toMatchObject({ actionUrl: 'https://twitter.com/intent/follow?screen_name=ourshop' });
    expect(byId.get(ids.chat)).toMatchObject({ lineJoinType: 'follow_oa', actionUrl: null });
    expect(byId.get(ids.birthday)).toMatchObject({
      birthday: { rewardOptions: [], rewardSelection: 'single', dateFormat: 'MM/DD' },
      isEarned: false,
    });
    expect(byId.get(ids.fiveOff)).toEqual({
      id: ids.fiveOff,
      programType: 'spending',
      key: 'amount_discount',
      title: '$5 off',
      description: '',
      iconUrl: '',
      pointsCost: 500,
      rewardType: 'fixed_amount',
      rewardValue: 5,
      redeemType: 'fixed',
      actionUrl: null,
      lineJoinType: null,
      rateMoney: null,
      conditions: [
        'Minimum order of $50.00',
        'Expires 30 days after you redeem it',
        'Limited to 2 uses per customer',
        'Cannot be combined with other discounts',
      ],
      ...nulls,
      birthday: null,
    });
    expect(byId.get(ids.dynamic)).toMatchObject({
      redeemType: 'dynamic',
      pointsCost: 100,
      conditions: [
        'Redeem at least 200 points',
        'Redeem at most 1,000 points',
        'Covers up to 50% of your cart',
        'Can be combined with order discounts',
        'Can be combined with shipping discounts',
      ],
    });
    expect(byId.get(ids.dynamic)).not.toHaveProperty('isEarned');
  });

  it('isEarned follows the ledger (v2 eligibility); programType filters; 400 for another type', async () => {
    await s
      .post('/programs/earning/social/interactions')
      .send({ platformCustomerId: '1001', event: 'follow_photo', earningId: ids.photo })
      .expect(200);
    const earning = (await mine('?programType=earning').expect(200)).body.data;
    expect(earning.every((p: any) => p.programType === 'earning')).toBe(true);
    expect(earning.find((p: any) => p.id === ids.photo).isEarned).toBe(true);
    const eligibility = (await s.get('/programs/earning/eligibility?platformCustomerId=1001').expect(200)).body.data;
    for (const p of earning)
      if ('isEarned' in (eligibility.find((e: any) => e.id === p.id) ?? {}))
        expect(p.isEarned).toBe(eligibility.find((e: any) => e.id === p.id).isEarned);
    const spending = (await mine('?programType=spending').expect(200)).body.data;
    expect(spending.map((p: any) => p.id)).toEqual([ids.fiveOff, ids.dynamic]);
    const bad = await mine('?programType=bonus').expect(400);
    expect(expectError(bad.body, 'BAD_REQUEST', 400).field).toBe('programType');
  });

  it('the birthday picker asks for a year when the shop does', async () => {
    await s.put('/settings/storefront').send({ isNewFormatDOB: true }).expect(200);
    const birthday = (await mine('?programType=earning').expect(200)).body.data.find((p: any) => p.id === ids.birthday);
    expect(birthday.birthday.dateFormat).toBe('MM/DD/YYYY');
  });

  it("titles and conditions in the shopper's language (locale, then Accept-Language)", async () => {
    await s.t
      .http()
      .post('/rest_api/v2/translations/languages')
      .set(s.keys)
      .send({ primaryLanguage: 'en', additionalLanguage: 'fr' })
      .expect(201);
    const fr = (await mine('?locale=fr').expect(200)).body.data;
    expect(fr.find((p: any) => p.id === ids.signUp).title).toBe('Créer un compte');
    expect(fr.find((p: any) => p.id === ids.fiveOff).conditions).toContain('Non cumulable avec d’autres réductions');
    const viaHeader = (
      await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(token)).set('Accept-Language', 'fr-CA,en;q=0.5')
    ).body.data;
    expect(viaHeader.find((p: any) => p.id === ids.signUp).title).toBe('Créer un compte');
    // A language the shop does not have falls back to its primary one.
    expect((await mine('?locale=ja').expect(200)).body.data.find((p: any) => p.id === ids.signUp).title).toBe(
      'Create an account',
    );
  });

  describe('public GET /programs?shop=', () => {
    it('no token, no isEarned, no personal parts; cached 5 minutes with an ETag', async () => {
      const res = await publicList(`?shop=${s.shop.domain}`).expect(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      expect(res.headers.vary).toContain('Accept-Language');
      expect(res.headers.etag).toMatch(/^"[\w-]+"$/);
      const programs = expectSuccess(res.body);
      const personal = (await mine().expect(200)).body.data;
      expect(programs.map((p: any) => p.id)).toEqual(personal.map((p: any) => p.id));
      for (const p of programs) {
        expect(p).not.toHaveProperty('isEarned');
        expect(p.birthday).toBeNull();
      }
      expect(programs.find((p: any) => p.id === ids.order)).toMatchObject({ points: 5, rateMoney: 1 });
      const again = await publicList(`?shop=${s.shop.domain}`).set('If-None-Match', res.headers.etag);
      expect(again.status).toBe(304);
      // Another language is another representation.
      const fr = await publicList(`?shop=${s.shop.domain}&locale=fr`).expect(200);
      expect(fr.headers.etag).not.toBe(res.headers.etag);
    });

    it('404 for an unknown shop, 400 without one, 403 below the Ultimate plan', async () => {
      expectError((await publicList('?shop=nowhere.example.com').expect(404)).body, 'NOT_FOUND', 404);
      const missing = await publicList('').expect(400);
      expect(expectError(missing.body, 'BAD_REQUEST', 400).field).toBe('shop');
      expect(missing.headers['cache-control']).toBe('private, no-store');
      const starter: ProvisionedShop = await s.t.app
        .get(CommandBus)
        .execute(new ProvisionShopCommand(`starter-${Date.now()}.example.com`, 'starter'));
      expectError((await publicList(`?shop=${starter.domain}`).expect(403)).body, 'PLAN_NOT_ELIGIBLE', 403);
    });
  });
});
