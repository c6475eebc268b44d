import { expectError } from '../support/test-app';
import { scenario } from '../support/scenario';

/**
 * Money fields are read by one parser: whole cents, 0.01 the smallest non-zero amount, exponent
 * notation handled. `1e-9` once answered 500 (class-validator's decimal-places check threw on it)
 * and a spending program with `rewardValue: 1e-9` sold a coupon worth nothing for points.
 */
describe('money fields: whole cents, never a 500', () => {
  const s = scenario();
  const TINY = [1e-9, 1e-7, 5e-324, 5.000000001, 0.001];
  const refused = async (path: string, body: object, field: string) => {
    const res = await s.post(path, body);
    expect({ status: res.status, field: res.body.error?.field }).toEqual({ status: 400, field });
    expectError(res.body, 'BAD_REQUEST', 400);
  };
  const order = { type: 'earning', event: 'place_order', title: 'Orders', earnPoint: 1 };

  it.each(TINY)('earning rateMoney %p is 400 naming the field', async (amount) => {
    await refused('/programs', { ...order, rateMoney: amount }, 'rateMoney');
  });

  it.each(TINY)('earnPointsTiers[].rateMoney %p is 400 naming the field', async (amount) => {
    const tierId = (await s.get('/tiers').expect(200)).body.data[0].id;
    const body = { ...order, rateMoney: 1, earnPointsTiers: [{ tierId, earnPoint: 2, rateMoney: amount }] };
    const res = await s.post('/programs', body).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toMatch(/rateMoney$/);
  });

  it.each(TINY)('tier rateMoney %p is 400 naming the field', async (amount) => {
    await refused('/tiers', { name: `T${String(amount)}`, targetPoint: 5000, rateMoney: amount }, 'rateMoney');
  });

  it.each(TINY)('spending rewardValue %p is 400: a coupon is never worth less than a cent', async (amount) => {
    const body = {
      type: 'spending',
      event: 'amount_discount',
      title: 'Off',
      spending: { pointsCost: 100, rewardValue: amount },
    };
    const res = await s.post('/programs', body).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toMatch(/rewardValue$/);
  });

  it.each([...TINY, '5.000000001', '12,50', 1e308])(
    'spending orderReqAmount %p is 400 naming the field: never rounded, never stored as sent',
    async (amount) => {
      const spending = { pointsCost: 100, rewardValue: 5, orderReqAmount: amount };
      const res = await s.post('/programs', { type: 'spending', event: 'amount_discount', title: 'Off', spending });
      expect(res.status).toBe(400);
      expect(expectError(res.body, 'BAD_REQUEST', 400).field).toMatch(/orderReqAmount$/);
    },
  );

  it('huge amounts and -0 are refused or read as 0, never a 500', async () => {
    await refused('/programs', { ...order, rateMoney: 1e308 }, 'rateMoney');
    await refused('/programs', { ...order, rateMoney: -0 }, 'rateMoney');
    const ok = await s.post('/programs', { ...order, rateMoney: 2.5e1 }).expect(201);
    expect(ok.body.data.rateMoney).toBe(25);
  });
});
