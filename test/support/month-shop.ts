import { ShopClient } from './scenario';

/**
 * The shop of the month replayed (test/integration/month-replay.spec.ts) and of the audit's history
 * (test/audit/as-of.http.spec.ts): tiers Silver (500, 50 points on entry) and Gold (1500); sign-up
 * 100; web orders 1 point per $1; store orders 2 points per $1, held 7 days. Answers the two tiers.
 */
export async function setUpMonthShop(s: ShopClient): Promise<{ silver: any; gold: any }> {
  const silver = await s.tier({ name: 'Silver', targetPoint: 500, tierRewards: [{ type: 'points', points: 50 }] });
  const gold = await s.tier({ name: 'Gold', targetPoint: 1500 });
  await s.earning('sign_up', 'Welcome', { earnPoint: 100 });
  const orders = { earnPoint: 1, rateMoney: 1, roundingMethod: 'floor' };
  await s.earning('place_order', 'Web orders', { ...orders, appliedSource: ['web'] });
  await s.earning('place_order', 'Store orders', { ...orders, earnPoint: 2, appliedSource: ['pos'], pendingDays: 7 });
  return { silver, gold };
}

/**
 * The month shop's reward and expiry rule: "$5 off" for 500 points, and points that expire after 28
 * days without earning or spending. Answers the reward's program id.
 */
export async function setUpMonthRewards(s: ShopClient): Promise<string> {
  const fiveOff = await s.spending('amount_discount', '$5 off', { pointsCost: 500, rewardValue: 5 });
  await s.put('/settings/points-expiry', { mode: 'inactivity', inactivityDays: 28 }).expect(200);
  return fiveOff;
}
