import { expectError, expectSuccess } from '../support/test-app';
import { scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor } from './headless-support';

describe(`headless PATCH /customer/profile (${defaultStoreKind()})`, () => {
  const s = scenario();
  let token: string;
  const patch = (body: object, as = token) =>
    s.t.http().patch(`${HEADLESS}/customer/profile`).set(bearer(as)).send(body);
  const v2Customer = (id: number) => s.customer(id);

  beforeAll(async () => {
    await s.enrol(1001);
    await s.enrol(1002);
    token = await tokenFor(s.t, s.shop, 1001);
  });

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
    const me = (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(token)).expect(200)).body.data;
    expect(me).toMatchObject({ birthday: '04/23', phone: '+1 555 123 4567' });
    // The same day again is fine.
    await patch({ birthday: '04/23' }).expect(200);
  });

  it('the phone can change and be cleared', async () => {
    expect((await patch({ phone: '+44 20 7946 0958' }).expect(200)).body.data.phone).toBe('+44 20 7946 0958');
    expect((await patch({ phone: '' }).expect(200)).body.data.phone).toBeNull();
  });

  it('dateOfBirth only on shops that ask for a year, and then it must agree with the birthday', async () => {
    const other = await tokenFor(s.t, s.shop, 1002);
    const refused = await patch({ dateOfBirth: '1990-04-23' }, other).expect(400);
    expect(expectError(refused.body, 'BAD_REQUEST', 400).field).toBe('dateOfBirth');
    await s.put('/settings/storefront').send({ isNewFormatDOB: true }).expect(200);
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
    const other = await tokenFor(s.t, s.shop, 1002);
    await patch({ phone: '+15559999999', customerId: 'x', platformCustomerId: '1002' }).expect(200);
    const theirs = (await s.t.http().get(`${HEADLESS}/customer`).set(bearer(other)).expect(200)).body.data;
    expect(theirs.phone).toBeNull();
  });
});
