import { ProjectionRunner } from '../../src/projections/projection-runner';
import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { CUSTOMERS, CustomerDoc } from '../../src/ledger/read-models/ledger-read-models';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { scenario } from '../support/scenario';
import { bearer, HEADLESS, hmacGrant } from '../headless/headless-support';

/**
 * A points change without an Idempotency-Key answers once its events are stored, before its read
 * models have them; the request after it waits for them instead, so a client still reads what it
 * wrote. The projections are stopped in these tests, so nothing applies the events in the
 * background: what the read store holds is what the requests made it hold.
 */
describe('read-your-writes: points changes answered ahead of their read models', () => {
  const s = scenario();
  let n = 7100;
  const nextCustomer = async () => {
    const id = ++n;
    await s.enrol(id);
    return id;
  };
  /** The balance the read model holds now, read past every cache and every wait. */
  const stored = async (id: number) => {
    const customers = await s.t.app.get<ReadStore>(READ_STORE).collection<CustomerDoc>(CUSTOMERS);
    return (await customers.get(customerIdFor(s.shop.shopId, id)))?.point;
  };
  const change = (kind: string, id: number, point: number, headers: Record<string, string> = {}) =>
    s
      .post(`/transactions/points/${kind}`, { platformCustomerId: String(id), point })
      .set(headers)
      .expect(200);

  beforeEach(() => s.t.app.get(ProjectionRunner).stop());
  afterEach(() => s.t.app.get(ProjectionRunner).start());

  it('answers an award before its read model has it, and the next read sees it', async () => {
    const id = await nextCustomer();
    expect((await change('award', id, 40)).body.meta).toMatchObject({ oldPoint: 0, newPoint: 40 });
    expect(await stored(id)).toBe(0);

    expect((await s.customer(id)).point).toBe(40);
    expect(await stored(id)).toBe(40);
  });

  it('a run of changes waits for nothing between them; the list after them shows every one', async () => {
    const id = await nextCustomer();
    await change('award', id, 100);
    await change('deduct', id, 30);
    await change('adjust', id, -20);
    expect((await change('award', id, 5)).body.meta).toMatchObject({ oldPoint: 50, newPoint: 55 });
    expect(await stored(id)).toBe(0);

    const listed = (await s.transactions(`platformCustomerId=${id}`).expect(200)).body.data;
    const moves = listed.map((t: { oldPoint: number; newPoint: number }) => [t.oldPoint, t.newPoint]);
    expect(moves.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([
      [0, 100],
      [50, 55],
      [70, 50],
      [100, 70],
    ]);
    expect(await stored(id)).toBe(55);
  });

  it('a change refused on the balance answers its error and owes the reads nothing', async () => {
    const id = await nextCustomer();
    await change('award', id, 10);
    expect(await stored(id)).toBe(0);
    await s.post('/transactions/points/deduct', { platformCustomerId: String(id), point: 11 }).expect(400);
    expect((await s.customer(id)).point).toBe(10);
  });

  it('a headless social earn answers ahead too, and the shopper reads their new balance at once', async () => {
    const program = await s.earning('follow_photo', 'Follow us', { earnPoint: 20 });
    const id = await nextCustomer();
    const token = (await s.t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(s.shop, id)).expect(200)).body.data
      .token as string;
    await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .set(bearer(token))
      .send({ programId: program })
      .expect(200);
    expect(await stored(id)).toBe(0);

    const me = await s.t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200);
    expect(me.body.data.points).toBe(20);
    expect(await stored(id)).toBe(20);
  });

  it('a change with an Idempotency-Key answers once its read models have it, as every other write does', async () => {
    const id = await nextCustomer();
    await change('award', id, 25, { 'Idempotency-Key': `ryw-${id}` });
    expect(await stored(id)).toBe(25);
  });
});

describe('read-your-writes with READ_CACHE_DOCUMENTS=0: every points change waits for its read models', () => {
  const s = scenario({ env: { READ_CACHE_DOCUMENTS: '0' } });

  beforeEach(() => s.t.app.get(ProjectionRunner).stop());
  afterEach(() => s.t.app.get(ProjectionRunner).start());

  it('an award without a key is in the shared read store when it is answered', async () => {
    await s.enrol(7201);
    await s.post('/transactions/points/award', { platformCustomerId: '7201', point: 9 }).expect(200);
    const customers = await s.t.app.get<ReadStore>(READ_STORE).collection<CustomerDoc>(CUSTOMERS);
    expect((await customers.get(customerIdFor(s.shop.shopId, 7201)))?.point).toBe(9);
  });
});
