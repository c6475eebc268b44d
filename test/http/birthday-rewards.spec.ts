import { CommandBus } from '@nestjs/cqrs';
import { scenario, shopClient } from '../support/scenario';
import { BirthdayRewards } from '../../src/ledger/birthday/birthday-rewards.scheduler';
import { localDay } from '../../src/shared/domain/calendar';
import { ProvisionShopCommand } from '../../src/operator/provision-shop.handler';

describe('birthday rewards', () => {
  let now = new Date('2026-03-15T10:00:00.000Z');
  const s = scenario({ clock: { now: () => now } });

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
    const shop = await s.newShop();
    const bronze = (await shop.get('/tiers').expect(200)).body.data[0].id;
    await shop.program({
      type: 'earning',
      event: 'birthday',
      title: 'Happy birthday',
      earnPoint: 50,
      earnPointsTiers: [{ tierId: bronze, earnPoint: 30 }],
    });
    for (const [id, birthday] of [
      [1301, '03/15'],
      [1302, '03/16'],
      [1303, '02/29'],
    ] as const) {
      await shop.enrol(id);
      await shop.put(`/customers/external/${id}`, { birthday }).expect(200);
    }
    const rewards = s.t.app.get(BirthdayRewards);
    const points = async (id: number) => await shop.balance(id);

    expect(await rewards.runOnce()).toBe(1);
    expect(await rewards.runOnce()).toBe(0);
    expect([await points(1301), await points(1302)]).toEqual([30, 0]);
    const row = (await shop.get('/transactions?platformCustomerId=1301').expect(200)).body.data[0];
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
    const shop = shopClient(
      s.t,
      await s.t.app
        .get(CommandBus)
        .execute(new ProvisionShopCommand('kiwi.example.com', 'ultimate', 'NZD', 'Pacific/Auckland')),
    );
    const program = await shop.earning('birthday', 'Birthday', { earnPoint: 10 });
    await shop.enrol(1401);
    await shop.put('/customers/external/1401', { birthday: '07/01' }).expect(200);
    await shop.put(`/programs/${program}`, { status: false }).expect(200);
    expect(await s.t.app.get(BirthdayRewards).runOnce()).toBe(0);
    await shop.put(`/programs/${program}`, { status: true }).expect(200);
    expect(await s.t.app.get(BirthdayRewards).runOnce()).toBe(1);
  });
});
