import {
  ActiveProgram,
  earningBaseCents,
  isActive,
  OrderEarningRule,
  orderEarningRule,
  pointsForOrder,
  pointsToRevoke,
} from './order-earning';
import { defaultSettings } from './programs.decider';

const AT = '2026-03-01T10:00:00.000Z';
const program = (
  fields: Partial<ActiveProgram['settings']> = {},
  extra: Partial<ActiveProgram> = {},
): ActiveProgram => ({
  id: 'p1',
  kind: 'earning',
  event: 'place_order',
  createdAt: '2026-01-01T00:00:00.000Z',
  settings: { ...defaultSettings('place_order', 'Order points'), earnPoint: 1, rateMoney: 1, ...fields },
  ...extra,
});

describe('earning rules for orders', () => {
  const rule = (fields: Partial<OrderEarningRule> = {}): OrderEarningRule => ({
    programId: 'p1',
    programTitle: 'Order points',
    earnBy: 'price',
    earnPoint: 1,
    rateMoney: 1,
    roundingMethod: 'round',
    autoRemovePoints: true,
    ...fields,
  });

  it('earns earnPoint per rateMoney with the rounding method', () => {
    expect(pointsForOrder(rule(), 4990)).toBe(50);
    expect(pointsForOrder(rule({ roundingMethod: 'floor' }), 4990)).toBe(49);
    expect(pointsForOrder(rule({ roundingMethod: 'ceil' }), 4910)).toBe(50);
    expect(pointsForOrder(rule({ earnPoint: 5, rateMoney: 10 }), 4990)).toBe(25);
    expect(pointsForOrder(rule({ earnPoint: 3, rateMoney: 0.5, roundingMethod: 'floor' }), 1000)).toBe(60);
    // 0.1 + 0.2 style errors do not lose a point: 3 x 10.00 / 0.10 is exactly 300.
    expect(pointsForOrder(rule({ earnPoint: 3, rateMoney: 0.1, roundingMethod: 'floor' }), 1000)).toBe(300);
  });

  it('flat programs pay per order whatever the total', () => {
    expect(pointsForOrder(rule({ earnBy: 'flat', earnPoint: 20 }), 1)).toBe(20);
  });

  it('status, isDraft, expired and the dates are independent and all respected', () => {
    expect(isActive(program(), AT)).toBe(true);
    expect(isActive(program({ status: false }), AT)).toBe(false);
    expect(isActive(program({ isDraft: true }), AT)).toBe(false);
    expect(isActive(program({ expired: true }), AT)).toBe(false);
    expect(isActive(program({ startDate: '2026-04-01T00:00:00.000Z' }), AT)).toBe(false);
    expect(isActive(program({ endDate: '2026-02-01T00:00:00.000Z' }), AT)).toBe(false);
    expect(isActive(program({ startDate: '2026-02-01T00:00:00.000Z', endDate: '2026-04-01T00:00:00.000Z' }), AT)).toBe(
      true,
    );
  });

  it('picks the active place_order program for the source, highest priority first, at the tier rate', () => {
    const web = program({ appliedSource: ['web'], priority: 1, earnPoint: 2 }, { id: 'web' });
    const all = program(
      { priority: 0, earnPointsTiers: [{ tierId: 'gold', earnPoint: 9, rateMoney: null }] },
      { id: 'all' },
    );
    const off = program({ status: false, priority: 9 }, { id: 'off' });
    expect(orderEarningRule([web, all, off], AT, 'web', null)?.programId).toBe('web');
    expect(orderEarningRule([web, all, off], AT, 'pos', null)?.programId).toBe('all');
    expect(orderEarningRule([web, all, off], AT, 'pos', 'gold')).toMatchObject({
      programId: 'all',
      earnPoint: 9,
      rateMoney: 1,
    });
    expect(orderEarningRule([off], AT, 'web', null)).toBeNull();
    expect(orderEarningRule([program({}, { event: 'sign_up' })], AT, 'web', null)).toBeNull();
  });

  it('product and collection scopes: included by product or collection, excluded by either', () => {
    const lines = [
      { productId: 'mug', quantity: 2, priceCents: 1_000, collectionIds: ['kitchen'] },
      { productId: 'tee', quantity: 1, priceCents: 2_500, collectionIds: ['apparel', 'sale'] },
      { productId: 'gift-card', quantity: 1, priceCents: 5_000, collectionIds: [] },
    ];
    expect(earningBaseCents(rule(), 9_500, lines)).toBe(9_500);
    expect(earningBaseCents(rule({ includeCollections: ['kitchen'] }), 9_500, lines)).toBe(2_000);
    expect(
      earningBaseCents(rule({ includeCollections: ['kitchen'], includeProducts: ['gift-card'] }), 9_500, lines),
    ).toBe(7_000);
    expect(earningBaseCents(rule({ excludeCollections: ['sale'] }), 9_500, lines)).toBe(7_000);
    expect(
      earningBaseCents(rule({ includeCollections: ['apparel'], excludeCollections: ['sale'] }), 9_500, lines),
    ).toBe(0);
    // Never more than the order total (discounts lower it below the line sum).
    expect(earningBaseCents(rule({ excludeProducts: ['gift-card'] }), 4_000, lines)).toBe(4_000);
  });

  it('refunds take back pro rata, never more than was earned', () => {
    expect(pointsToRevoke(50, 4990, 2495)).toBe(25);
    expect(pointsToRevoke(50, 4990, 4990)).toBe(50);
    expect(pointsToRevoke(50, 4990, 9999)).toBe(50);
    expect(
      pointsToRevoke(7, 300, 100) +
        (pointsToRevoke(7, 300, 200) - pointsToRevoke(7, 300, 100)) +
        (pointsToRevoke(7, 300, 300) - pointsToRevoke(7, 300, 200)),
    ).toBe(7);
  });

  it('counts only included products, never excluded ones, never more than the total', () => {
    const lines = [
      { productId: 'tea', quantity: 2, priceCents: 1000 },
      { productId: 'mug', quantity: 1, priceCents: 1500 },
      { productId: null, quantity: 1, priceCents: 500 },
    ];
    expect(earningBaseCents(rule(), 4000, lines)).toBe(4000);
    expect(earningBaseCents(rule({ includeProducts: ['tea'] }), 4000, lines)).toBe(2000);
    expect(earningBaseCents(rule({ excludeProducts: ['mug'] }), 4000, lines)).toBe(2500);
    expect(earningBaseCents(rule({ includeProducts: ['tea', 'mug'], excludeProducts: ['mug'] }), 4000, lines)).toBe(
      2000,
    );
    expect(earningBaseCents(rule({ excludeProducts: ['mug'] }), 1000, lines)).toBe(1000);
  });
});
