import request from 'supertest';
import { INestApplication } from '@nestjs/common';
import { createTestApp, TestApp } from '../support/test-app';
import { shopClient, ShopClient } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor, uploadedImage } from '../headless/headless-support';

/**
 * An erased customer's session ends with the erasure: a token minted before it (valid for up to an
 * hour) is refused from the moment the erasure is recorded, on the process that recorded it and on
 * every other (on PostgreSQL a second service instance that had verified the token before), for
 * reads, uploads, claims and profile changes; the files they uploaded are gone. (A customer taken
 * out of the program keeps their session: the contract answers their join-program 403 NOT_ELIGIBLE.)
 */
describe(`erasure ends the customer's sessions (${defaultStoreKind()})`, () => {
  let t: TestApp;
  let s: ShopClient;
  let a: INestApplication;
  let b: INestApplication;

  beforeAll(async () => {
    t = await createTestApp();
    s = shopClient(t, await t.shop());
    a = t.app;
    b = defaultStoreKind() === 'postgres' ? await t.secondInstance() : t.app;
  });
  afterAll(() => t.close());

  const signUp = async (id: number) => {
    const email = `gone.${id}@example.com`;
    await s.platform('customers/create', { id, email, first_name: 'Gone', phone: `+1555000${id}` }).expect(200);
    return tokenFor(t, s.shop, id, email);
  };
  const customerAnswer = (app: INestApplication, token: string) =>
    request(app.getHttpServer()).get(`${HEADLESS}/customer`).set(bearer(token));
  const pathOf = (url: string) => new URL(url).pathname;

  /** Every headless call the brief names, on `app`: each answers 401. */
  const expectRefusedEverywhere = async (app: INestApplication, token: string) => {
    const http = request(app.getHttpServer());
    await customerAnswer(app, token).expect(401);
    await http.patch(`${HEADLESS}/customer/profile`).set(bearer(token)).send({ phone: '+15550009999' }).expect(401);
    const image = { imageBase64: 'iVBORw0KGgo=', imageName: 'receipt.png', imageType: 'image/png' };
    await http
      .post(`${HEADLESS}/customer/earn/upload`)
      .set(bearer(token))
      .send({ images: [image] })
      .expect(401);
    await http.post(`${HEADLESS}/customer/earn`).set(bearer(token)).send({ activityId: 'x' }).expect(401);
  };

  it('customers/redact: the token is refused at once on every process, and the uploaded files are deleted', async () => {
    const token = await signUp(7101);
    const url = await uploadedImage(t, token);
    await t.http().get(pathOf(url)).expect(200);
    // Both processes have verified (and remembered) the token before the erasure.
    await customerAnswer(a, token).expect(200);
    await customerAnswer(b, token).expect(200);

    await s.platform('customers/redact', { customer: { id: 7101 } }).expect(200);

    // No wait: the other process refuses the token as soon as the erasure is answered.
    await expectRefusedEverywhere(b, token);
    await expectRefusedEverywhere(a, token);
    await t.http().get(pathOf(url)).expect(404);
    await request(b.getHttpServer()).get(pathOf(url)).expect(404);
  });

  it('another customer of the shop keeps their session when one is erased', async () => {
    const kept = await signUp(7103);
    await signUp(7104);
    await s.platform('customers/redact', { customer: { id: 7104 } }).expect(200);
    await customerAnswer(a, kept).expect(200);
    await customerAnswer(b, kept).expect(200);
  });
});
