import { INestApplication } from '@nestjs/common';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { caughtUp } from '../support/test-app';

/**
 * A promotion that hits one customer from several systems, or a retry storm: hundreds of keyed
 * awards to one customer at once (from two service processes on PostgreSQL). Every request is
 * answered, none with a 5xx, each key pays once, and the log agrees with the read model. Commands on
 * one stream queue in a process and share appends, so this is not a storm of revision conflicts.
 */
describe(`reliability: a hot customer (${defaultStoreKind()})`, () => {
  const s = scenario();
  let bases: string[];
  const apps: INestApplication[] = [];

  const listen = async (app: INestApplication) => {
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    return (await app.getUrl()).replace('[::1]', '127.0.0.1');
  };

  beforeAll(async () => {
    bases = [await listen(s.t.app)];
    if (defaultStoreKind() === 'postgres') bases.push(await listen(await s.t.secondInstance()));
  });

  it('800 concurrent keyed awards to one customer, 100 of them sent twice: all answered 200, each key paid once', async () => {
    await s.enrol(4242);
    const send = (i: number, key: string) =>
      fetch(`${bases[i % bases.length]}/rest_api/v2/transactions/points/award`, {
        method: 'POST',
        headers: { ...s.keys, 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body: JSON.stringify({ platformCustomerId: '4242', point: 1, reason: `promo ${key}` }),
      }).then(async (r) => ({
        status: r.status,
        replayed: r.headers.get('Idempotent-Replayed'),
        body: (await r.json()) as any,
      }));
    // As a real client does: a connection lost before the answer (900 sockets opened at once on a
    // busy machine) is sent again with the same key, which must not pay twice.
    const award = (i: number, key: string) => send(i, key).catch(() => send(i, key));

    const sends = Array.from({ length: 800 }, (_, i) => award(i, `promo-${i}`));
    const repeats = Array.from({ length: 100 }, (_, i) => award(i + 1, `promo-${i * 8}`));
    const answers = await Promise.all([...sends, ...repeats]);

    const statuses = new Map<number, number>();
    for (const a of answers) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 200: 900 });
    // No two first answers saw the same balance: no award was applied twice.
    const firsts = answers.filter((a) => a.replayed === null);
    expect(new Set(firsts.map((a) => a.body.meta.newPoint)).size).toBe(firsts.length);
    expect(firsts.length).toBeGreaterThanOrEqual(700);

    // Read through the first process: it serves the second one's writes once it has applied them.
    await caughtUp(apps);
    const customer = await s.get('/customers/external/4242').expect(200);
    expect(customer.body.data.point).toBe(800);
    const stream = await s.t.store.storage.eventStore.readStream(`customer-${s.shop.shopId}_${customer.body.data.id}`);
    expect(stream.filter((e) => e.type === 'points.awarded.v1')).toHaveLength(800);
  });
});
