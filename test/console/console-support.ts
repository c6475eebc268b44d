import request from 'supertest';
import { ProvisionedShop } from '../../src/operator/provision-shop.handler';
import { TestApp } from '../support/test-app';
import { shopClient } from '../support/scenario';
import { bearer, HEADLESS, tokenFor, uploadedImage } from '../headless/headless-support';

/** The console's cookie from a sign-in answer (`name=value`), or null. */
export function cookieOf(res: request.Response): string | null {
  const raw = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = raw.find((c) => c.startsWith('loyalty_console='));
  return cookie ? cookie.split(';')[0] : null;
}

/** Signs in with the shop's keys (or an audit key) from a console page of `origin`. */
export function signIn(t: TestApp, origin: string, keys: ProvisionedShop | { auditKey: string }): request.Test {
  const call = t.http().post('/console/api/session').set('Origin', origin);
  if ('auditKey' in keys) return call.set('X-Svc-Loyalty-Audit-Key', keys.auditKey);
  return call.set('X-Svc-Loyalty-App-Key', keys.appKey).set('X-Svc-Loyalty-Secret-Key', keys.secretKey);
}

/** A console API call with a session cookie; changes carry the console's Origin. */
export function consoleCall(
  t: TestApp,
  origin: string,
  cookie: string,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
): request.Test {
  const call = t.http()[method](`/console/api/${path}`).set('Cookie', cookie);
  return method === 'get' ? call : call.set('Origin', origin);
}

export interface SeededShop {
  /** The receipt program; its two pending submissions (Ada's and Grace's). */
  receiptProgramId: string;
  pending: { ada: string; grace: string };
}

/**
 * A shop with something on every page: Ada (5001) and Grace (5002) with points, a Silver tier, a
 * receipt program with one pending receipt (and its photo) from each.
 */
export async function seedShop(t: TestApp, shop: ProvisionedShop): Promise<SeededShop> {
  const client = shopClient(t, shop);
  await client.enrol(5001, { email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace' });
  await client.enrol(5002, { email: 'grace@example.com', first_name: 'Grace', last_name: 'Hopper' });
  for (const point of [300, 200, 100]) await client.award(5001, point);
  await client.award(5002, 150);
  await client.tier({ name: 'Silver', targetPoint: 2000 });
  const receiptProgramId = await client.earning('submit_receipt', 'Send us your receipt', { earnPoint: 30 });
  const submit = async (customer: number, email: string): Promise<void> => {
    const token = await tokenFor(t, shop, customer, email);
    const image = await uploadedImage(t, token);
    await t
      .http()
      .post(`${HEADLESS}/customer/earn`)
      .set(bearer(token))
      .send({ programId: receiptProgramId, context: { imageUrls: [image] } })
      .expect(200);
  };
  await submit(5001, 'ada@example.com');
  await submit(5002, 'grace@example.com');
  const pending = (await client.get('/submissions?status=pending').expect(200)).body.data as Array<{
    id: string;
    platformCustomerId: string;
  }>;
  const of = (customer: string) => pending.find((p) => String(p.platformCustomerId) === customer)!.id;
  return { receiptProgramId, pending: { ada: of('5001'), grace: of('5002') } };
}
