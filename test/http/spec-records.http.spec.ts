import { auth } from '../support/test-app';
import { expectError, expectSuccess, scenario } from '../support/scenario';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';
import { CommandBus } from '@nestjs/cqrs';
import { ProvisionShopCommand } from '../../src/operator/provision-shop.handler';
import { fitsType, FieldType } from '../support/field-types';
import { SPEC_NAMED_FIVE_OFF } from '../support/spending-fixtures';

/**
 * The records of spec 2.8 and 2.9 field by field: each list below is the spec's, written down once
 * (with the type the service gives a field the spec leaves untyped), and compared with real answers:
 * every field is present with its type. Extra fields (documented in docs/) are allowed.
 */
/** Every field of the list present with its type; the problems found, as readable lines (empty: none). */
export function recordProblems(record: Record<string, unknown>, fields: Record<string, FieldType>): string[] {
  return Object.entries(fields).flatMap(([name, type]) =>
    !(name in record)
      ? [`${name}: missing`]
      : fitsType(record[name], type)
        ? []
        : [`${name}: ${JSON.stringify(record[name])} is not ${type}`],
  );
}

/** Spec 2.9 Program, the fields of both kinds. */
const PROGRAM: Record<string, FieldType> = {
  id: 'string',
  title: 'string',
  description: 'string',
  type: 'string',
  event: 'string',
  status: 'boolean',
  priority: 'integer',
  createdAt: 'date-time',
  updatedAt: 'date-time',
  expired: 'boolean',
  isDraft: 'boolean',
  translateTitle: 'object',
  giftStatus: 'string|null',
  startDate: 'string|null',
  endDate: 'string|null',
};

/** Spec 2.9 Program: what earning programs add. */
const EARNING_PROGRAM: Record<string, FieldType> = {
  ...PROGRAM,
  earnBy: 'string',
  rateMoney: 'number|null',
  earnPoint: 'integer',
  autoRemovePoints: 'boolean',
  appliedPlaceOrderTo: 'string',
  appliedSource: 'array',
  skipEarnPointGuest: 'boolean',
  roundingMethod: 'string',
  earnPointsTiers: 'array',
  typeMilestone: 'string|null',
  milestones: 'array',
};
const EARN_POINTS_TIER: Record<string, FieldType> = { earnPoint: 'integer', rateMoney: 'number|null' };

/** Spec 2.9 Program: what spending programs add. */
const SPENDING_PROGRAM: Record<string, FieldType> = {
  ...PROGRAM,
  spendPoint: 'integer',
  earnAmount: 'number|null',
  redeemType: 'string',
  appliedTo: 'string',
  appliedCollectionIds: 'array',
  redeemIn: 'string',
  orderReq: 'string',
  orderReqAmount: 'string',
  minSpendPoint: 'integer|null',
  maxSpendPoint: 'integer|null',
  expiredTime: 'integer|null',
  userAvailability: 'string',
  showLoyaltyPage: 'boolean',
  limitRedeem: 'string',
  totalLimitationRedeem: 'integer|null',
  combinedWith: 'array',
  specificProducts: 'array',
  specificProductIds: 'array',
  specificCollections: 'array',
  variantIds: 'array',
  freeProductIds: 'array',
  includeProducts: 'array',
  excludeProducts: 'array',
  conditions: 'array',
};
const SPECIFIC_PRODUCT: Record<string, FieldType> = {
  id: 'string',
  title: 'string',
  handle: 'string',
  image: 'object',
  variants: 'array',
};
const SPECIFIC_VARIANT: Record<string, FieldType> = {
  id: 'string',
  price: 'string|null',
  title: 'string',
  inventory_quantity: 'integer|null',
};

/** Spec 2.8 v1 earning program, list item (`GET /earning`). */
const V1_LIST_ITEM: Record<string, FieldType> = {
  showLoyaltyPage: 'boolean',
  social: 'string',
  urlLocation: 'string',
  limitUnit: 'string',
  urlAccount: 'string',
  title: 'string',
  type: 'string',
  priority: 'integer',
  earnPoint: 'integer',
  signUpGuide: 'string',
  enabledAntiCheat: 'boolean',
  hasLimit: 'boolean',
  action: 'string',
  earnPointsTiers: 'object',
  shopId: 'string',
  event: 'string',
  startDate: 'string|null',
  expired: 'boolean',
  id: 'string',
  changeProgramTitle: 'boolean',
  isDraft: 'boolean',
  rateMoney: 'string',
  translateTitle: 'object',
  createdAt: 'date-time',
  giftStatus: 'string',
  status: 'boolean',
  updatedAt: 'date-time',
};

/** Spec 2.8 v1 earning program detail (`GET /earning/{id}`, inside `program`). */
const V1_DETAIL: Record<string, FieldType> = {
  id: 'string',
  limitUnit: 'string',
  includeProducts: 'array',
  excludeProducts: 'array',
  appliedCollectionIds: 'array',
  autoRemovePoints: 'boolean',
  earnBy: 'string',
  type: 'string',
  title: 'string',
  priority: 'integer',
  productPointsCalculator: 'object',
  earnPoint: 'integer',
  hasLimit: 'boolean',
  typeProductMatch: 'string',
  priorityPlaceOrder: 'integer',
  typeCondition: 'string',
  statusProductPointsCalculator: 'boolean',
  shopId: 'string',
  event: 'string',
  conditions: 'array',
  statusUseCondition: 'boolean',
  status: 'boolean',
  limitInterval: 'integer',
  createdAt: 'date-time',
  rateMoney: 'integer',
  updatedAt: 'date-time',
};
const V1_CALCULATOR: Record<string, FieldType> = {
  color: 'string',
  fontSize: 'integer',
  type: 'string',
  font: 'string',
};

/** Spec 2.8 program available to a customer (`GET /earning-programs-by-customer` items). */
const V1_CUSTOMER_ITEM: Record<string, FieldType> = {
  ...V1_LIST_ITEM,
  excludePOSOrderProducts: 'boolean',
  excludeOSOrderProducts: 'boolean',
  includeProducts: 'array',
  excludeProducts: 'array',
  rateMoney: 'integer',
  autoRemovePoints: 'boolean',
  earnBy: 'string',
  typeProductMatch: 'string',
  typeCondition: 'string',
  conditions: 'array',
  limitInterval: 'integer',
  statusUseCondition: 'boolean',
  appliedPlaceOrderTo: 'string',
  earnPointsTiers: 'object',
  translateTitle: 'string',
  isEarned: 'boolean',
};
const V1_PRODUCT: Record<string, FieldType> = {
  image: 'object',
  images: 'array',
  options: 'array',
  handle: 'string',
  id: 'integer',
  variants: 'array',
  title: 'string',
};

/** Spec 2.9 Reward (coupon). */
const REWARD: Record<string, FieldType> = {
  id: 'string',
  customerId: 'string',
  email: 'string|null',
  couponCode: 'string',
  programTitle: 'string',
  platformCustomerId: 'integer',
  programDescription: 'string|null',
  orderReqAmount: 'string',
  expiredAt: 'date-time|null',
  discountStatus: 'string',
  program: 'object',
  createdAt: 'date-time',
  updatedAt: 'date-time',
};
const REWARD_PROGRAM: Record<string, FieldType> = { id: 'string', title: 'string' };

describe('spec records over HTTP', () => {
  const s = scenario();

  it('Reward (2.9): every field with its type; orderReqAmount is a string, "0.00" when the coupon has no minimum', async () => {
    const program = async (title: string, spending: Record<string, unknown>) =>
      (await s.program({ type: 'spending', event: 'amount_discount', title, spending })).id;
    const plain = await program('$5 off', { pointsCost: 100, rewardValue: 5 });
    const minimum = await program('$5 off $50', { pointsCost: 100, rewardValue: 5, orderReqAmount: 50 });
    await s.enrol(3101);
    await s.award(3101, 500);
    for (const programId of [plain, minimum])
      await s.redeem({ programId, platformCustomerId: '3101', quantity: 1 }).expect(200);
    const rewards = expectSuccess(
      (await s.get('/rewards?platformCustomerId=3101&order=createdAt_asc').expect(200)).body,
    );
    expect(rewards).toHaveLength(2);
    for (const reward of rewards) {
      expect(recordProblems(reward, REWARD)).toEqual([]);
      expect(recordProblems(reward.program, REWARD_PROGRAM)).toEqual([]);
    }
    expect(rewards.map((r: any) => r.orderReqAmount)).toEqual(['0.00', '50.00']);
    const one = expectSuccess((await s.get(`/rewards/${rewards[1].id}`).expect(200)).body);
    expect(recordProblems(one, REWARD)).toEqual([]);
    expect(one.orderReqAmount).toBe('50.00');
  });

  it('Earning Program (2.9): every field with its type on create, list, detail and eligibility; milestone fields null/[]', async () => {
    const tiers = expectSuccess((await s.get('/tiers').expect(200)).body);
    const created = await s.program({
      type: 'earning',
      event: 'place_order',
      title: 'Order points',
      earnPoint: 2,
      rateMoney: 1.5,
      earnPointsTiers: [{ tierId: tiers[0].id, earnPoint: 3, rateMoney: 1 }],
    });
    const signUp = await s.program({ type: 'earning', event: 'sign_up', title: 'Hi', earnPoint: 5 });
    await s.enrol(3103);
    const answers = [
      created,
      signUp,
      ...expectSuccess((await s.get('/programs/earning').expect(200)).body),
      expectSuccess((await s.get(`/programs/${created.id}`).expect(200)).body),
      ...expectSuccess((await s.get('/programs/earning/eligibility?platformCustomerId=3103').expect(200)).body),
    ];
    for (const program of answers) {
      expect(recordProblems(program, EARNING_PROGRAM)).toEqual([]);
      expect(program).toMatchObject({ giftStatus: null, typeMilestone: null, milestones: [] });
      for (const rate of program.earnPointsTiers) expect(recordProblems(rate, EARN_POINTS_TIER)).toEqual([]);
    }
    expect(created.earnPointsTiers).toEqual([{ tierId: tiers[0].id, earnPoint: 3, rateMoney: 1 }]);
  });

  it('Spending Program (2.9): every field with its type, for each kind of reward, written in the spec names', async () => {
    const create = async (event: string, fields: Record<string, unknown>) =>
      await s.program({ type: 'spending', event, title: event, ...fields });
    // Sent in the spec's names and read back as sent.
    const fixedFields = {
      ...SPEC_NAMED_FIVE_OFF,
      combinedWith: ['orderDiscounts', 'shippingDiscounts'],
      appliedTo: 'sf_product',
      specificProductIds: ['632910392'],
    };
    const fixed = await create('amount_discount', {
      ...fixedFields,
      specificProducts: [
        {
          id: '632910392',
          title: 'Tea',
          handle: 'tea',
          image: { src: 'https://cdn.example.com/t.png' },
          variants: [{ id: '808950810', title: 'Tin', price: '9.00' }],
        },
      ],
    });
    const dynamic = await create('amount_discount', {
      spendPoint: 100,
      earnAmount: 1,
      redeemType: 'dynamic',
      minSpendPoint: 200,
      maxSpendPoint: 1000,
      appliedTo: 'sf_collection',
      specificCollections: [{ id: '841564295', title: 'Teas' }],
    });
    const shipping = await create('free_shipping', { spendPoint: 300 });
    const gift = await create('free_gift', {
      spendPoint: 800,
      specificProducts: [
        {
          id: '1',
          title: 'Mug',
          handle: 'mug',
          image: { src: '' },
          variants: [{ id: '11', title: 'Red', price: '12.00' }],
        },
      ],
    });
    const percent = await create('percentage_discount', { spending: { pointsCost: 400, rewardValue: 10 } });
    const answers = [
      fixed,
      dynamic,
      shipping,
      gift,
      percent,
      ...expectSuccess((await s.get('/programs/redemption').expect(200)).body),
      expectSuccess((await s.get(`/programs/${fixed.id}`).expect(200)).body),
    ];
    for (const program of answers) {
      expect(recordProblems(program, SPENDING_PROGRAM)).toEqual([]);
      for (const product of program.specificProducts) {
        expect(recordProblems(product, SPECIFIC_PRODUCT)).toEqual([]);
        expect(typeof product.image.src).toBe('string');
        for (const variant of product.variants) expect(recordProblems(variant, SPECIFIC_VARIANT)).toEqual([]);
      }
    }
    expect(fixed).toMatchObject({
      ...fixedFields,
      redeemIn: 'available_in_online_store',
      userAvailability: 'userRedeemed',
      showLoyaltyPage: true,
      giftStatus: null,
      // Today's names, beside the spec's.
      pointsCost: 500,
      rewardValue: 5,
      expiresInDays: 30,
    });
    expect(dynamic).toMatchObject({
      redeemType: 'dynamic',
      minSpendPoint: 200,
      maxSpendPoint: 1000,
      appliedCollectionIds: ['841564295'],
      specificCollections: [{ id: '841564295', title: 'Teas' }],
    });
    expect(shipping).toMatchObject({ redeemType: 'fixed', earnAmount: null, orderReqAmount: '0.00', orderReq: 'none' });
    expect(gift).toMatchObject({
      giftStatus: 'available',
      appliedTo: 'sf_product',
      freeProductIds: ['1'],
      variantIds: ['11'],
      specificProductIds: ['1'],
    });
    expect(percent).toMatchObject({
      spendPoint: 400,
      earnAmount: 10,
      limitRedeem: 'redeemWithoutLimit',
      combinedWith: [],
    });
  });

  it("a record read and written back unchanged changes nothing; today's names in `spending` still write; spec names on an earning program are 400", async () => {
    const created = await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: '$3',
      spendPoint: 300,
      earnAmount: 3,
      combinedWith: ['productDiscounts'],
    });
    // Read-only fields are dropped on write; translateTitle is left out because a read renders it in every
    // language of the shop, and writing that back would make the renders the merchant's own titles.
    const {
      id: _id,
      numericId: _n,
      type: _type,
      event: _event,
      createdAt: _c,
      updatedAt: _u,
      translateTitle: _tt,
      ...writable
    } = created;
    const again = expectSuccess((await s.put(`/programs/${created.id}`, writable).expect(200)).body);
    expect(again).toEqual(created);
    const cheaper = expectSuccess((await s.put(`/programs/${created.id}`, { spendPoint: 250 }).expect(200)).body);
    expect(cheaper).toMatchObject({
      spendPoint: 250,
      pointsCost: 250,
      earnAmount: 3,
      combinedWith: ['productDiscounts'],
    });
    const viaAlias = expectSuccess(
      (
        await s
          .put(`/programs/${created.id}`, {
            spending: { pointsCost: 200, rewardValue: 2, limitRedeem: 1, combinedWith: { orderDiscounts: true } },
          })
          .expect(200)
      ).body,
    );
    expect(viaAlias).toMatchObject({
      spendPoint: 200,
      earnAmount: 2,
      limitRedeem: 'redeemWithLimit',
      limitRedeemPerCustomer: 1,
      combinedWith: ['orderDiscounts'],
    });
    const bad = async (
      body: Record<string, unknown>,
      field: string,
      path = '/programs',
      method: 'post' | 'put' = 'post',
    ) => expect(expectError((await s[method](path, body).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(field);
    await bad({ type: 'earning', event: 'sign_up', title: 'x', earnPoint: 1, spendPoint: 5 }, 'spendPoint');
    await bad({ type: 'spending', event: 'amount_discount', title: 'x', earnAmount: 1 }, 'spendPoint');
    await bad(
      { type: 'spending', event: 'amount_discount', title: 'x', spendPoint: 1, earnAmount: 1, combinedWith: ['all'] },
      'combinedWith',
    );
    await bad(
      { type: 'spending', event: 'amount_discount', title: 'x', spendPoint: 1, earnAmount: 1, orderReqAmount: 'lots' },
      'orderReqAmount',
    );
    await bad(
      {
        type: 'spending',
        event: 'amount_discount',
        title: 'x',
        spendPoint: 1,
        earnAmount: 1,
        spending: { pointsCost: 2 },
      },
      'spendPoint',
    );
    await bad(
      { type: 'spending', event: 'amount_discount', title: 'x', spendPoint: 1, earnAmount: 1, includeProducts: ['1'] },
      'includeProducts',
    );
    await bad({ spendPoint: 2_000_000_000 }, 'spendPoint', `/programs/${created.id}`, 'put');
    await bad({ specificProductIds: ['x'.repeat(101)] }, 'specificProductIds', `/programs/${created.id}`, 'put');
  });

  it('giftStatus: a free gift whose shop-wide quota is used up is sold_out', async () => {
    const gift = await s.program({
      type: 'spending',
      event: 'free_gift',
      title: 'One mug',
      spendPoint: 10,
      totalLimitationRedeem: 1,
      specificProducts: [{ id: '1', title: 'Mug', variants: [{ id: '11', title: 'Red' }] }],
    });
    expect(gift.giftStatus).toBe('available');
    await s.enrol(3104);
    await s.award(3104, 50);
    await s.redeem({ programId: gift.id, platformCustomerId: '3104', quantity: 1 }).expect(200);
    expect(expectSuccess((await s.get(`/programs/${gift.id}`).expect(200)).body).giftStatus).toBe('sold_out');
  });

  it('showLoyaltyPage false: the storefront neither lists nor redeems the reward; v2 still does', async () => {
    const hidden = await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: 'Staff only',
      spendPoint: 10,
      earnAmount: 1,
      showLoyaltyPage: false,
    });
    await s.enrol(3105);
    await s.award(3105, 100);
    const token = await tokenFor(s.t, s.shop, 3105);
    const headless = (path: string) => s.t.http().get(`${HEADLESS}${path}`).set(bearer(token)).expect(200);
    expect((await headless('/customer/rewards')).body.data.available.map((r: any) => r.programId)).not.toContain(
      hidden.id,
    );
    expect((await headless('/customer/programs')).body.data.map((p: any) => p.id)).not.toContain(hidden.id);
    // A reward limited to products says so in its fine print.
    const scoped = await s.program({
      type: 'spending',
      event: 'amount_discount',
      title: 'Tea only',
      spendPoint: 10,
      earnAmount: 1,
      appliedTo: 'sf_product',
      specificProductIds: ['632910392'],
    });
    const offered = (await headless('/customer/rewards')).body.data.available.find(
      (r: any) => r.programId === scoped.id,
    );
    expect(offered.conditions).toContain('Applies to selected products only');
    const refused = await s.t
      .http()
      .post(`${HEADLESS}/customer/redeem`)
      .set(bearer(token))
      .send({ programId: hidden.id })
      .expect(400);
    expect(refused.body.error.code).toBe('INVALID_PROGRAM');
    await s.redeem({ programId: hidden.id, platformCustomerId: '3105', quantity: 1 }).expect(200);
    expect(expectSuccess((await s.get('/programs/redemption').expect(200)).body).map((p: any) => p.id)).toContain(
      hidden.id,
    );
  });

  it('GET /tiers/benefits/{benefitType}: Programs in the 2.9 shape (tier rewards of the type, then programs with per-tier rates) with meta.count', async () => {
    const own = await s.newShop();
    const gold = await own.tier({
      name: 'Gold',
      targetPoint: 1000,
      tierRewards: [{ event: 'bonus_point', type: 'tier_privileges', bonusPoints: 100, title: 'Welcome bonus' }],
    });
    const ordersId = await own.earning('place_order', 'Orders', {
      earnPoint: 1,
      rateMoney: 1,
      earnPointsTiers: [{ tierId: gold.id, earnPoint: 2, rateMoney: 1 }],
    });
    // Same for every tier: not a tier benefit.
    await own.earning('sign_up', 'Hi', { earnPoint: 5 });

    const bonus = await own.get('/tiers/benefits/bonus_point').expect(200);
    expect(bonus.body.meta.count).toBe(1);
    const [reward] = expectSuccess(bonus.body);
    expect(recordProblems(reward, PROGRAM)).toEqual([]);
    expect(reward).toMatchObject({ title: 'Welcome bonus', event: 'bonus_point', tierId: gold.id, tierName: 'Gold' });

    const byEvent = await own.get('/tiers/benefits/place_order').expect(200);
    expect(byEvent.body.meta.count).toBe(1);
    const [program] = expectSuccess(byEvent.body);
    expect(recordProblems(program, EARNING_PROGRAM)).toEqual([]);
    expect(program).toMatchObject({
      id: ordersId,
      earnPointsTiers: [{ tierId: gold.id, earnPoint: 2, rateMoney: 1 }],
    });
    expect(expectSuccess((await own.get('/tiers/benefits/earning').expect(200)).body).map((p: any) => p.id)).toEqual([
      ordersId,
    ]);
    expect((await own.get('/tiers/benefits/sign_up').expect(200)).body).toMatchObject({
      data: [],
      meta: { count: 0 },
    });
    // Another shop's tiers and programs are not this shop's benefits.
    expect((await s.get('/tiers/benefits/place_order').expect(200)).body.data.map((p: any) => p.id)).not.toContain(
      ordersId,
    );
  });

  it('v1 records (2.8): list item, detail and program by customer, every field with its type; the real products, collections, limit and rate', async () => {
    const own = await s.newShop();
    const tiers = expectSuccess((await own.get('/tiers').expect(200)).body);
    const create = async (body: Record<string, unknown>) => await own.program(body);
    const orders = await create({
      type: 'earning',
      event: 'place_order',
      title: 'Orders',
      earnPoint: 1,
      rateMoney: 2,
      includeProducts: ['632910392'],
      excludeProducts: ['921728736'],
      includeCollections: ['841564295'],
      earnPointsTiers: [{ tierId: tiers[0].id, earnPoint: 2, rateMoney: 2 }],
    });
    const follow = await create({
      type: 'earning',
      event: 'follow_photo',
      title: 'Follow',
      earnPoint: 15,
      hasLimit: true,
      limitUnit: 'month',
      limitInterval: 3,
      urlLocation: 'https://photos.example.com/shop',
    });
    await own.enrol(3201);
    const v1 = (path: string) => s.t.http().get(`/rest_api/v1${path}`).set(own.keys).expect(200);

    const list = (await v1('/earning')).body.data;
    for (const item of list) expect(recordProblems(item, V1_LIST_ITEM)).toEqual([]);
    expect(list.find((p: any) => p.id === orders.id).rateMoney).toBe('2');
    expect(list.find((p: any) => p.id === follow.id)).toMatchObject({
      rateMoney: '',
      urlLocation: 'https://photos.example.com/shop',
      limitUnit: 'month',
    });

    for (const program of [orders, follow]) {
      const detail = (await v1(`/earning/${program.id}`)).body.program;
      expect(recordProblems(detail, V1_DETAIL)).toEqual([]);
      expect(recordProblems(detail.productPointsCalculator, V1_CALCULATOR)).toEqual([]);
      for (const product of [...detail.includeProducts, ...detail.excludeProducts])
        expect(recordProblems(product, V1_PRODUCT)).toEqual([]);
    }
    const detail = (await v1(`/earning/${orders.id}`)).body.program;
    expect(detail).toMatchObject({
      includeProducts: [{ id: 632910392 }],
      excludeProducts: [{ id: 921728736 }],
      appliedCollectionIds: ['841564295'],
      rateMoney: 2,
    });
    // Programs are also named by number (numericId).
    expect((await v1(`/earning/${orders.numericId}`)).body.program.id).toBe(orders.id);

    const byCustomer = (await v1('/earning-programs-by-customer?shopifyCustomerId=3201')).body.data;
    for (const item of byCustomer) {
      expect(recordProblems(item, V1_CUSTOMER_ITEM)).toEqual([]);
      for (const product of [...item.includeProducts, ...item.excludeProducts])
        expect(recordProblems(product, V1_PRODUCT)).toEqual([]);
    }
    const byId = Object.fromEntries(byCustomer.map((p: any) => [p.id, p]));
    expect(byId[orders.id]).toMatchObject({
      includeProducts: [
        { id: 632910392, title: '', handle: '', image: { src: '' }, images: [], options: [], variants: [] },
      ],
      excludeProducts: [{ id: 921728736 }],
      appliedCollectionIds: ['841564295'],
      rateMoney: 2,
      limitInterval: 0,
      earnPointsTiers: { [tiers[0].id]: { earnPoint: 2 } },
      translateTitle: 'Orders',
    });
    expect(byId[follow.id]).toMatchObject({
      limitInterval: 3,
      rateMoney: 0,
      includeProducts: [],
      appliedCollectionIds: [],
    });
  });

  it("v1 interact-social takes the numeric earningId of the spec (the program's numericId); GET /earning refuses a free plan as v2 does", async () => {
    const own = await s.newShop();
    const create = async (body: Record<string, unknown>) => await own.program(body);
    const first = await create({ type: 'earning', event: 'join_game', title: 'Game', earnPoint: 5 });
    const follow = await create({ type: 'earning', event: 'follow_photo', title: 'Follow', earnPoint: 15 });
    expect([first.numericId, follow.numericId]).toEqual([1, 2]);
    await own.delete(`/programs/${first.id}`).expect(200);
    // A number is never reused: the next program is numbered after the deletion too.
    const next = await create({ type: 'earning', event: 'like_feed', title: 'Like', earnPoint: 5 });
    expect(next.numericId).toBe(4);
    await own.enrol(3202);
    const interact = (earningId: unknown) =>
      s.t.http().post('/rest_api/v1/earn/interact-social').set(own.keys).send({ shopifyCustomerId: 3202, earningId });
    expect((await interact(follow.numericId).expect(200)).body).toEqual({ success: true, data: { newPoint: 15 } });
    expectError((await interact(follow.id).expect(400)).body, 'LIMIT_REACHED', 400);
    expectError((await interact(999).expect(400)).body, 'INVALID_PROGRAM', 400);
    expectError((await interact(first.numericId).expect(400)).body, 'INVALID_PROGRAM', 400);
    const rows = expectSuccess((await own.get('/transactions?platformCustomerId=3202').expect(200)).body);
    expect(rows[0]).toMatchObject({ programId: follow.id, earnPoint: 15 });
    // v2 social interactions take the number too.
    await own
      .post('/programs/earning/social/interactions', {
        platformCustomerId: '3202',
        event: 'like_feed',
        earningId: String(next.numericId),
      })
      .expect(200);

    const free = await s.t.app.get(CommandBus).execute(new ProvisionShopCommand('free-v1.example.com', 'free'));
    expectError(
      (await s.t.http().get('/rest_api/v1/earning').set(auth(free)).expect(403)).body,
      'PLAN_UPGRADE_REQUIRED',
      403,
    );
    expectError(
      (await s.t.http().get('/rest_api/v2/programs/earning').set(auth(free)).expect(403)).body,
      'PLAN_UPGRADE_REQUIRED',
      403,
    );
  });

  it('validation messages name the real problem: a wrong type before a range, a missing field "is required"', async () => {
    await s.enrol(3102);
    const bad = async (request: ReturnType<typeof s.get>, field: string, message: string) => {
      const error = expectError((await request.expect(400)).body, 'BAD_REQUEST', 400);
      expect([error.field, error.message]).toEqual([field, message]);
    };
    await bad(s.get('/transactions?platformCustomerId=3102&limit=abc'), 'limit', 'limit must be an integer');
    await bad(s.get('/rewards?platformCustomerId=3102&limit=abc'), 'limit', 'limit must be an integer');
    await bad(s.get('/customers?limit=1.5'), 'limit', 'limit must be an integer');
    await bad(s.get('/customers?limit=0'), 'limit', 'limit must not be less than 1');
    await bad(
      s.post('/transactions/points/award', { point: 5 }),
      'platformCustomerId',
      'platformCustomerId is required',
    );
    await bad(s.post('/transactions/points/award', { platformCustomerId: '3102' }), 'point', 'point is required');
    await bad(s.post('/programs', { type: 'earning', title: 'x' }), 'event', 'event is required');
    await bad(s.post('/tiers', { targetPoint: 10 }), 'name', 'name is required');
    await bad(
      s.post('/programs/earning/points/calculate', { products: [{ id: 1, price: 1 }] }),
      'products.0.quantity',
      'products.0.quantity is required',
    );
  });
});
