import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { customerStreamId } from '../../src/ledger/customer-stream';
import { ProgramCatalog } from '../../src/programs/program-catalog';
import { waitUntil } from '../support/receiver';
import { caughtUp } from '../support/test-app';
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
    // The reads below go to the first instance: it serves the second one's payments once it has applied them.
    await caughtUp(apps);
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

  it('customers racing for one handle on two instances: one holds it; the link reward is paid once', async () => {
    // A shop of its own: its one follow_photo program is the link reward.
    const shop = await s.newShop();
    const reward = await shop.earning('follow_photo', 'Follow (link reward)', { earnPoint: 50 });
    // Each process learns of a new program from its own projection: wait until both know it.
    for (const app of apps)
      await waitUntil(
        async () => (await app.get(ProgramCatalog).forShop(shop.shop.shopId)).some((p) => p.id === reward),
        15_000,
        'the reward program in every process',
      );
    const racers = [6201, 6202, 6203, 6204];
    const tokens = new Map<number, string>();
    for (const id of racers) {
      await shop.enrol(id);
      tokens.set(id, await tokenFor(s.t, shop.shop, id));
    }
    const link = (i: number, id: number, instagramUsername: string) =>
      on(i)
        .post(`${HEADLESS}/customer/social/photo/link`)
        .set(bearer(tokens.get(id)!))
        .send({ instagramUsername });
    const senders = racers.flatMap((id) => [id, id, id, id]);
    const answers = await Promise.all(senders.map((id, i) => link(i, id, 'The.Handle')));
    expect(answers.map((r) => r.status).filter((x) => x !== 200 && x !== 409)).toEqual([]);
    const winners = new Set(senders.filter((_, i) => answers[i].status === 200));
    expect(winners.size).toBe(1);
    for (const r of answers.filter((a) => a.status === 409)) expect(r.body.error.code).toBe('USERNAME_TAKEN');
    const [winner] = [...winners];
    const paid = answers.filter((r) => r.status === 200 && r.body.data.rewardEarned);
    expect(paid.map((r) => r.body.data.pointsEarned)).toEqual([50]);
    // Read from the process that took the paying link: another process shows it only once it has
    // applied the events itself (within its projection poll). The winner's other links answered 200
    // without writing (the handle was already theirs), so their process may not have applied it yet.
    const winningProcess = answers.indexOf(paid[0]);
    const holders: number[] = [];
    for (const id of racers) {
      const me = (
        await on(winningProcess)
          .get(`${HEADLESS}/customer`)
          .set(bearer(tokens.get(id)!))
          .expect(200)
      ).body.data;
      if (me.social.photoUsername === 'the.handle') holders.push(id);
      expect([id, me.points]).toEqual([id, id === winner ? 50 : 0]);
    }
    expect(holders).toEqual([winner]);

    // The winner relinks new handles from both instances at once: no second reward, one handle held.
    const relinks = await Promise.all(['a.one', 'b.two', 'c.three', 'd.four'].map((h, i) => link(i, winner, h)));
    expect(relinks.map((r) => [r.status, r.body.data.rewardEarned])).toEqual(relinks.map(() => [200, false]));
    const meOn = async (i: number) =>
      (
        await on(i)
          .get(`${HEADLESS}/customer`)
          .set(bearer(tokens.get(winner)!))
          .expect(200)
      ).body.data;
    // The process that took the last relink shows it at once; wait until every process agrees.
    let me = await meOn(1);
    await waitUntil(
      async () => {
        const seen = await Promise.all(apps.map((_, i) => meOn(i)));
        me = seen[0];
        return seen.every((x) => x.social.photoUsername === me.social.photoUsername);
      },
      10_000,
      'every process showing the last relink',
    );
    expect(me.points).toBe(50);
    // Every handle but the one linked is free again for another customer.
    const other = racers.find((id) => id !== winner)!;
    for (const handle of ['the.handle', 'a.one', 'b.two', 'c.three', 'd.four'].filter(
      (h) => h !== me.social.photoUsername,
    ))
      expect([handle, (await link(0, other, handle)).status]).toEqual([handle, 200]);
    expect((await link(1, other, me.social.photoUsername)).status).toBe(409);
  });
});
