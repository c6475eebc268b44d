import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { bearer, HEADLESS, tokenFor } from '../headless/headless-support';

/**
 * Parallel repeats of a social claim pay once: on PostgreSQL two service instances (two pools, two
 * stream caches) share the database and the claims are sent to both at once. The claim is decided
 * on the customer's stream with an expected revision, so the program's limit holds across processes.
 */
describe(`social claims paid once across processes (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PROJECTION_POLL_MS: '20' } });
  let apps: INestApplication[];
  const on = (i: number) => request(apps[i % apps.length].getHttpServer());

  beforeAll(async () => {
    apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
  });

  it('racing social earns from two instances pay within the limit: once, and twice for a twice-a-day program', async () => {
    const once = await s.earning('follow_photo', 'Follow', { earnPoint: 20 });
    const twice = await s.earning('like_feed', 'Like', {
      earnPoint: 5,
      hasLimit: true,
      limitUnit: 'day',
      limitInterval: 2,
    });
    const customers = [6101, 6102, 6103];
    const tokens = new Map<number, string>();
    for (const id of customers) {
      await s.enrol(id);
      tokens.set(id, await tokenFor(s.t, s.shop, id));
    }
    const claims = customers.flatMap((id) =>
      [once, twice].flatMap((programId) =>
        Array.from({ length: 6 }, (_, i) =>
          on(i)
            .post(`${HEADLESS}/customer/earn/social`)
            .set(bearer(tokens.get(id)!))
            .send({ programId }),
        ),
      ),
    );
    const answers = await Promise.all(claims);
    const statuses = answers.map((r) => (r.status === 200 ? 'paid' : r.body.error?.code));
    expect(statuses.filter((x) => x === 'paid')).toHaveLength(customers.length * 3);
    expect(statuses.filter((x) => x !== 'paid')).toEqual(statuses.filter((x) => x === 'LIMIT_REACHED'));
    for (const id of customers) {
      expect([id, await s.balance(id)]).toEqual([id, 20 + 5 + 5]);
      const customer = await s.customer(id);
      const stream = await s.t.store.storage.eventStore.readStream(customerStreamId(s.shop.shopId, customer.id));
      const awards = stream
        .filter((e) => e.type === 'points.awarded.v1')
        .map((e) => e.data.program as { programId: string });
      expect([id, awards.map((a) => a.programId).sort()]).toEqual([id, [once, twice, twice].sort()]);
    }
  });
});
