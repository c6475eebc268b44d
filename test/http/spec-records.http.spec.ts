import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';

/**
 * The records of spec 2.8 and 2.9 field by field: each list below is the spec's, written down once
 * (with the type the service gives a field the spec leaves untyped), and compared with real answers:
 * every field is present with its type. Extra fields (documented in the README) are allowed.
 */
type FieldType =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date-time'
  | 'date-time|null'
  | 'string|null'
  | 'integer|null'
  | 'number|null'
  | 'array'
  | 'object'
  | 'object|null';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function typeMatches(value: unknown, type: FieldType): boolean {
  return type.split('|').some((t) => {
    switch (t) {
      case 'null':
        return value === null;
      case 'string':
        return typeof value === 'string';
      case 'integer':
        return Number.isInteger(value);
      case 'number':
        return typeof value === 'number' && Number.isFinite(value);
      case 'boolean':
        return typeof value === 'boolean';
      case 'date-time':
        return typeof value === 'string' && ISO.test(value);
      case 'array':
        return Array.isArray(value);
      case 'object':
        return typeof value === 'object' && value !== null && !Array.isArray(value);
      default:
        return false;
    }
  });
}

/** Every field of the list present with its type; the problems found, as readable lines (empty: none). */
export function recordProblems(record: Record<string, unknown>, fields: Record<string, FieldType>): string[] {
  return Object.entries(fields).flatMap(([name, type]) =>
    !(name in record)
      ? [`${name}: missing`]
      : typeMatches(record[name], type)
        ? []
        : [`${name}: ${JSON.stringify(record[name])} is not ${type}`],
  );
}

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

describe('spec records over HTTP', () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  const v2 = (method: 'get' | 'post' | 'put', path: string) => t.http()[method](`/rest_api/v2${path}`).set(auth(shop));

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
  });
  afterAll(() => t.close());

  it('Reward (2.9): every field with its type; orderReqAmount is a string, "0.00" when the coupon has no minimum', async () => {
    const program = async (title: string, spending: Record<string, unknown>) =>
      (await v2('post', '/programs').send({ type: 'spending', event: 'amount_discount', title, spending }).expect(201))
        .body.data.id;
    const plain = await program('$5 off', { pointsCost: 100, rewardValue: 5 });
    const minimum = await program('$5 off $50', { pointsCost: 100, rewardValue: 5, orderReqAmount: 50 });
    await t.enrol(shop, 3101);
    await v2('post', '/transactions/points/award').send({ platformCustomerId: '3101', point: 500 }).expect(200);
    for (const programId of [plain, minimum])
      await v2('post', '/programs/redemption/redeem')
        .send({ programId, platformCustomerId: '3101', quantity: 1 })
        .expect(200);
    const rewards = expectSuccess(
      (await v2('get', '/rewards?platformCustomerId=3101&order=createdAt_asc').expect(200)).body,
    );
    expect(rewards).toHaveLength(2);
    for (const reward of rewards) expect(recordProblems(reward, REWARD)).toEqual([]);
    expect(rewards.map((r: any) => r.orderReqAmount)).toEqual(['0.00', '50.00']);
    const one = expectSuccess((await v2('get', `/rewards/${rewards[1].id}`).expect(200)).body);
    expect(recordProblems(one, REWARD)).toEqual([]);
    expect(one.orderReqAmount).toBe('50.00');
  });

  it('validation messages name the real problem: a wrong type before a range, a missing field "is required"', async () => {
    await t.enrol(shop, 3102);
    const bad = async (request: ReturnType<typeof v2>, field: string, message: string) => {
      const error = expectError((await request.expect(400)).body, 'BAD_REQUEST', 400);
      expect([error.field, error.message]).toEqual([field, message]);
    };
    await bad(v2('get', '/transactions?platformCustomerId=3102&limit=abc'), 'limit', 'limit must be an integer');
    await bad(v2('get', '/rewards?platformCustomerId=3102&limit=abc'), 'limit', 'limit must be an integer');
    await bad(v2('get', '/customers?limit=1.5'), 'limit', 'limit must be an integer');
    await bad(v2('get', '/customers?limit=0'), 'limit', 'limit must not be less than 1');
    await bad(
      v2('post', '/transactions/points/award').send({ point: 5 }),
      'platformCustomerId',
      'platformCustomerId is required',
    );
    await bad(
      v2('post', '/transactions/points/award').send({ platformCustomerId: '3102' }),
      'point',
      'point is required',
    );
    await bad(v2('post', '/programs').send({ type: 'earning', title: 'x' }), 'event', 'event is required');
    await bad(v2('post', '/tiers').send({ targetPoint: 10 }), 'name', 'name is required');
    await bad(
      v2('post', '/programs/earning/points/calculate').send({ products: [{ id: 1, price: 1 }] }),
      'products.0.quantity',
      'products.0.quantity is required',
    );
  });
});
