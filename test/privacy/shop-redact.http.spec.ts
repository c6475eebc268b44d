import { randomUUID } from 'node:crypto';
import { OPERATOR_TOKEN } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { tablesHolding } from './support';

/** shop/redact: every customer of the shop erased, figures kept; another shop untouched; a repeat does nothing. */
describe(`shop/redact (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { WEBHOOK_ALLOW_LOOPBACK: 'true' } });
  const tag = randomUUID().slice(0, 8);
  const mail = (id: number) => `shopper${id}.${tag}@example.com`;
  const IDS = [9201, 9202, 9203];

  it('erases every customer of the shop and only them', async () => {
    const other = await s.newShop();
    await s.subscribe('points/earned', 'http://127.0.0.1:9/hook');
    for (const id of IDS) {
      await s.platform('customers/create', { id, email: mail(id), first_name: `F${tag}${id}` }).expect(200);
      await s.award(id, id - 9200);
    }
    await other.platform('customers/create', { id: 9201, email: `kept.${tag}@example.com` }).expect(200);
    const balances = await Promise.all(IDS.map((id) => s.balance(id)));

    const res = await s.platform('shop/redact', { shop_id: 1, shop_domain: 'x' }).expect(200);
    expect(res.body.data).toMatchObject({ topic: 'shop/redact', customerId: null, erasedCustomers: 3 });
    const repeat = await s.platform('shop/redact', { shop_id: 1 }).expect(200);
    expect(repeat.body.data).toMatchObject({ erasedCustomers: 0 });

    expect(await Promise.all(IDS.map((id) => s.balance(id)))).toEqual(balances);
    for (const id of IDS) {
      expect(await s.customer(id)).toMatchObject({ email: null, firstName: null });
      expect(await tablesHolding(s.t.store.storage.sql, mail(id))).toEqual([]);
      expect(await tablesHolding(s.t.store.storage.sql, `F${tag}${id}`)).toEqual([]);
    }
    expect(await other.customer(9201)).toMatchObject({ email: `kept.${tag}@example.com` });

    const listed = (
      await s.t
        .http()
        .get(`/admin/api/shops/${s.shop.shopId}/privacy/requests`)
        .set('Authorization', `Bearer ${OPERATOR_TOKEN}`)
        .expect(200)
    ).body.data;
    const erased = listed.filter((r: any) => r.kind === 'shop/redact').flatMap((r: any) => r.erasedCustomerIds);
    expect(erased.sort()).toEqual((await Promise.all(IDS.map(async (id) => (await s.customer(id)).id))).sort());
  });

  it('refuses a compliance webhook without its customer (400, the field named)', async () => {
    const res = await s.platform('customers/redact', { shop_id: 1 }).expect(400);
    expect(res.body).toMatchObject({ success: false });
    expect(JSON.stringify(res.body)).toContain('customer');
  });
});
