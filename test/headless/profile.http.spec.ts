import { createTestApp, TestApp, auth, expectError, expectSuccess } from '../support/test-app';
import { defaultStoreKind } from '../support/stores';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { bearer, HEADLESS, tokenFor } from './headless-support';

describe(`headless PATCH /customer/profile (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let shop: ProvisionedShop;
  let token: string;
  const patch = (body: object, as = token) => t.http().patch(`${HEADLESS}/customer/profile`).set(bearer(as)).send(body);
  const v2Customer = async (id: number) =>
    (await t.http().get(`/rest_api/v2/customers/external/${id}`).set(auth(shop)).expect(200)).body.data;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.shop();
    await t.enrol(shop, 1001);
    await t.enrol(shop, 1002);
    token = await tokenFor(t, shop, 1001);
  });
  afterAll(() => t.close());

  it('sets the birthday and the phone; answers the Customer with them', async () => {
    const res = await patch({ birthday: '04/23', phone: ' +1 555 123 4567 ' }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const customer = expectSuccess(res.body);
    expect(customer).toMatchObject({ birthday: '04/23', dateOfBirth: null, phone: '+1 555 123 4567', type: 'member' });
    expect(await v2Customer(1001)).toMatchObject({ birthday: '04/23' });
  });

  it('the birthday is write-once (the v2 rule): another day is 400 and nothing else is written', async () => {
    const res = await patch({ birthday: '05/01', phone: '+15550000000' }).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe('birthday');
    const me = (await t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200)).body.data;
    expect(me).toMatchObject({ birthday: '04/23', phone: '+1 555 123 4567' });
    // The same day again is fine.
    await patch({ birthday: '04/23' }).expect(200);
  });

  it('the phone can change and be cleared', async () => {
    expect((await patch({ phone: '+44 20 7946 0958' }).expect(200)).body.data.phone).toBe('+44 20 7946 0958');
    expect((await patch({ phone: '' }).expect(200)).body.data.phone).toBeNull();
  });

  it('dateOfBirth only on shops that ask for a year, and then it must agree with the birthday', async () => {
    const other = await tokenFor(t, shop, 1002);
    const refused = await patch({ dateOfBirth: '1990-04-23' }, other).expect(400);
    expect(expectError(refused.body, 'BAD_REQUEST', 400).field).toBe('dateOfBirth');
    await t.http().put('/rest_api/v2/settings/storefront').set(auth(shop)).send({ isNewFormatDOB: true }).expect(200);
    const mismatch = await patch({ birthday: '01/02', dateOfBirth: '1990-04-23' }, other).expect(400);
    expect(expectError(mismatch.body, 'BAD_REQUEST', 400).field).toBe('dateOfBirth');
    const res = await patch({ dateOfBirth: '1990-04-23' }, other).expect(200);
    expect(res.body.data).toMatchObject({ birthday: '04/23', dateOfBirth: '1990-04-23' });
  });

  it.each([
    [{}, 'body'],
    [{ birthday: '4/23' }, 'birthday'],
    [{ birthday: '02/30' }, 'birthday'],
    [{ dateOfBirth: 'yesterday' }, 'dateOfBirth'],
    [{ phone: 'call me' }, 'phone'],
    [{ phone: 5551234 }, 'phone'],
  ])('400 BAD_REQUEST naming the field: %j', async (body, field) => {
    const res = await patch(body).expect(400);
    expect(expectError(res.body, 'BAD_REQUEST', 400).field).toBe(field);
  });

  it('ids in the body are ignored: only the token says whose profile this is', async () => {
    const other = await tokenFor(t, shop, 1002);
    await patch({ phone: '+15559999999', customerId: 'x', platformCustomerId: '1002' }).expect(200);
    const theirs = (await t.http().get(`${HEADLESS}/customer`).set(bearer(other)).expect(200)).body.data;
    expect(theirs.phone).toBeNull();
  });
});
