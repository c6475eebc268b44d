import { READ_STORE, ReadStore } from '../../src/infrastructure/read-store/read-store.port';
import { CUSTOMERS, CustomerDoc } from '../../src/ledger/read-models/ledger-read-models';
import { customerIdFor } from '../../src/ledger/customer-identity';
import { scenario, Scenario } from '../support/scenario';
import { bearer, HEADLESS, hmacGrant } from '../headless/headless-support';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds every write of the read models until released: the projections keep running, but what the
 * read store holds stays as it was, so what the requests wait for shows.
 */
const holds: Array<() => void> = [];
afterEach(() => holds.splice(0).forEach((release) => release()));

function holdReadModels(s: Scenario): () => void {
  const store = s.t.app.get<ReadStore>(READ_STORE);
  const write = store.write;
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  store.write = async (...args) => {
    await gate;
    return write.apply(store, args);
  };
  const release = () => {
    store.write = write;
    open();
  };
  holds.push(release);
  return release;
}

/** A request's promise, and whether it has settled yet. */
function watched<T>(request: PromiseLike<T>) {
  const state = { done: false, result: Promise.resolve(request).finally(() => (state.done = true)) };
  return state;
}

/** The balance the read model holds now, read past every cache and every wait. */
async function stored(s: Scenario, id: number) {
  const customers = await s.t.app.get<ReadStore>(READ_STORE).collection<CustomerDoc>(CUSTOMERS);
  return (await customers.get(customerIdFor(s.shop.shopId, id)))?.point;
}

/**
 * A points change without an Idempotency-Key answers once its events are stored, before its read
 * models have them; the request after it waits for them instead, so a client still reads what it
 * wrote.
 */
describe('read-your-writes: points changes answered ahead of their read models', () => {
  const s = scenario();
  let n = 7100;
  const nextCustomer = async () => {
    const id = ++n;
    await s.enrol(id);
    return id;
  };
  const change = (kind: string, id: number, point: number, headers: Record<string, string> = {}) =>
    s.post(`/transactions/points/${kind}`, { platformCustomerId: String(id), point }).set(headers);

  it('answers an award before its read model has it, and the next read waits for it', async () => {
    const id = await nextCustomer();
    const release = holdReadModels(s);
    expect((await change('award', id, 40).expect(200)).body.meta).toMatchObject({ oldPoint: 0, newPoint: 40 });
    expect(await stored(s, id)).toBe(0);

    const read = watched(s.customer(id));
    await pause(150);
    expect(read.done).toBe(false);
    release();
    expect((await read.result).point).toBe(40);
  });

  it('a run of changes waits for nothing between them; the list after them shows every one', async () => {
    const id = await nextCustomer();
    const release = holdReadModels(s);
    await change('award', id, 100).expect(200);
    await change('deduct', id, 30).expect(200);
    await change('adjust', id, -20).expect(200);
    expect((await change('award', id, 5).expect(200)).body.meta).toMatchObject({ oldPoint: 50, newPoint: 55 });
    expect(await stored(s, id)).toBe(0);

    const list = watched(s.transactions(`platformCustomerId=${id}`).expect(200));
    await pause(100);
    expect(list.done).toBe(false);
    release();
    const moves = (await list.result).body.data.map((t: { oldPoint: number; newPoint: number }) => [
      t.oldPoint,
      t.newPoint,
    ]);
    expect(moves.sort((a: number[], b: number[]) => a[0] - b[0])).toEqual([
      [0, 100],
      [50, 55],
      [70, 50],
      [100, 70],
    ]);
  });

  it('a change refused on the balance answers its error at once', async () => {
    const id = await nextCustomer();
    const release = holdReadModels(s);
    try {
      await change('award', id, 10).expect(200);
      await change('deduct', id, 11).expect(400);
    } finally {
      release();
    }
    expect((await s.customer(id)).point).toBe(10);
  });

  it('a headless social earn answers ahead too, and the shopper reads their new balance after it', async () => {
    const program = await s.earning('follow_photo', 'Follow us', { earnPoint: 20 });
    const id = await nextCustomer();
    const token = (await s.t.http().post(`${HEADLESS}/auth/token`).send(hmacGrant(s.shop, id)).expect(200)).body.data
      .token as string;
    const release = holdReadModels(s);
    await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/social`)
      .set(bearer(token))
      .send({ programId: program })
      .expect(200);
    expect(await stored(s, id)).toBe(0);

    const me = watched(s.t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200));
    await pause(100);
    expect(me.done).toBe(false);
    release();
    expect((await me.result).body.data.points).toBe(20);
  });

  it('a change with an Idempotency-Key answers once its read models have it, as every other write does', async () => {
    const id = await nextCustomer();
    const release = holdReadModels(s);
    const award = watched(change('award', id, 25, { 'Idempotency-Key': `ryw-${id}` }).expect(200));
    await pause(150);
    expect(award.done).toBe(false);
    release();
    await award.result;
    expect(await stored(s, id)).toBe(25);
  });
});

describe('read-your-writes with READ_CACHE_DOCUMENTS=0: every points change waits for its read models', () => {
  const s = scenario({ env: { READ_CACHE_DOCUMENTS: '0' } });

  it('an award without a key answers once the shared read store has it', async () => {
    await s.enrol(7201);
    const release = holdReadModels(s);
    const award = watched(s.post('/transactions/points/award', { platformCustomerId: '7201', point: 9 }).expect(200));
    await pause(150);
    expect(award.done).toBe(false);
    release();
    await award.result;
    expect(await stored(s, 7201)).toBe(9);
  });
});
