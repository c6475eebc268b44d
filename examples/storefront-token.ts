/**
 * A storefront: the merchant's server signs a login for the signed-in shopper (the headless secret
 * never leaves that server), the storefront exchanges it for a bearer token and reads the shopper's
 * own loyalty view with it.
 *   npm run examples:build && node examples/dist/examples/storefront-token.js
 */
import { customerClient, publicClient, signHeadlessLogin } from '../clients/typescript/src';
import { ExampleConfig, failed, runAsProgram } from './config';

/** On the merchant's server: the signed body the storefront posts. */
export function signedLogin(config: ExampleConfig) {
  return signHeadlessLogin(
    config.shopDomain,
    { customerId: config.platformCustomerId, email: config.email },
    config.headlessSecret,
  );
}

export async function run(config: ExampleConfig) {
  const exchange = await publicClient(config.baseUrl).POST('/app/api/v1/headless/auth/token', {
    body: signedLogin(config),
  });
  if (!exchange.data) throw failed('token exchange', exchange.error, exchange.response);
  const { token, expiresIn } = exchange.data.data;

  const shopper = customerClient(config.baseUrl, token);
  const me = await shopper.GET('/app/api/v1/headless/customer');
  if (!me.data) throw failed('read customer', me.error, me.response);
  const activities = await shopper.GET('/app/api/v1/headless/customer/activities', { params: { query: { limit: 3 } } });
  if (!activities.data) throw failed('read activities', activities.error, activities.response);

  return {
    tokenExpiresInSeconds: expiresIn,
    points: me.data.data.points,
    tier: me.data.data.tier?.name ?? null,
    pointsToNextTier: me.data.data.tierProgress?.pointsToNext ?? null,
    latestActivities: activities.data.data.map((a) => ({ type: a.type, points: a.points, title: a.title })),
  };
}

runAsProgram(module, run);
