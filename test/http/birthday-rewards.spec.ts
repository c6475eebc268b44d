import { CommandBus } from '@nestjs/cqrs';
import { createTestApp, TestApp, auth } from '../support/test-app';
import { BirthdayRewards } from '../../src/ledger/birthday/birthday-rewards.scheduler';
import { localDay } from '../../src/shared/domain/calendar';
import { ProvisionShopCommand } from '../../src/operator/provision-shop.handler';

describe('birthday rewards', () => {
  let now = new Date('2026-03-15T10:00:00.000Z');
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: { now: () => now } });
  });
  afterAll(() => t.close());

  it("local day follows the shop's time zone; leap years are known", () => {
    expect(localDay(new Date('2026-03-14T12:00:00Z'), 'Pacific/Auckland')).toEqual({
      monthDay: '03/15',
      year: '2026',
      leap: false,
    });
    expect(localDay(new Date('2026-03-15T02:00:00Z'), 'America/Los_Angeles').monthDay).toBe('03/14');
    expect(localDay(new Date('2028-02-29T12:00:00Z'), 'UTC')).toEqual({ monthDay: '02/29', year: '2028', leap: true });
  });

  it('pays on the birthday, once a year, at the tier rate; 02/29 on 02/28 in other years', async () => {
    now = new Date('2026-03-15T10:00:00.000Z');
    const shop = await t.shop();
    const bronze = (await t.http().get('/rest_api/v2/tiers').set(auth(shop)).expect(200)).body.data[0].id;
    await t
      .http()
      .post('/rest_api/v2/programs')
      .set(auth(shop))
      .send({
        type: 'earning',
        event: 'birthday',
        title: 'Happy birthday',
        earnPoint: 50,
        earnPointsTiers: [{ tierId: bronze, earnPoint: 30 }],
      })
      .expect(201);
    for (const [id, birthday] of [
      [1301, '03/15'],
      [1302, '03/16'],
      [1303, '02/29'],
    ] as const) {
      await t.enrol(shop, id);
      await t.http().put(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).send({ birthday }).expect(200);
    }
    const rewards = t.app.get(BirthdayRewards);
    const points = async (id: number) =>
      (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data.point;

    expect(await rewards.runOnce()).toBe(1);
    expect(await rewards.runOnce()).toBe(0);
    expect([await points(1301), await points(1302)]).toEqual([30, 0]);
    const row = (await t.http().get('/rest_api/v2/transactions?platformCustomerId=1301').set(auth(shop)).expect(200))
      .body.data[0];
    expect(row).toMatchObject({
      event: 'birthday',
      earnPoint: 30,
      programTitle: 'Happy birthday',
      source: 'scheduler',
    });

    now = new Date('2027-03-15T08:00:00.000Z');
    expect(await rewards.runOnce()).toBe(1);
    expect(await points(1301)).toBe(60);

    now = new Date('2027-02-28T08:00:00.000Z');
    expect(await rewards.runOnce()).toBe(1);
    expect(await points(1303)).toBe(30);
  });

  it("uses the shop's time zone and skips disabled programs", async () => {
    now = new Date('2026-06-30T13:00:00.000Z'); // 07/01 01:00 in Auckland
    const shop = await t.app
      .get(CommandBus)
      .execute(new ProvisionShopCommand('kiwi.example.com', 'ultimate', 'NZD', 'Pacific/Auckland'));
    const program = (
      await t
        .http()
        .post('/rest_api/v2/programs')
        .set(auth(shop))
        .send({ type: 'earning', event: 'birthday', title: 'Birthday', earnPoint: 10 })
        .expect(201)
    ).body.data.id;
    await t.enrol(shop, 1401);
    await t.http().put('/rest_api/v2/customers/external/1401').set(auth(shop)).send({ birthday: '07/01' }).expect(200);
    await t.http().put(`/rest_api/v2/programs/${program}`).set(auth(shop)).send({ status: false }).expect(200);
    expect(await t.app.get(BirthdayRewards).runOnce()).toBe(0);
    await t.http().put(`/rest_api/v2/programs/${program}`).set(auth(shop)).send({ status: true }).expect(200);
    expect(await t.app.get(BirthdayRewards).runOnce()).toBe(1);
  });
});
