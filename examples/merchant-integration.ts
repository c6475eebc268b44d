/**
 * A merchant's server: award points safely (an idempotency key makes a retry harmless), read the
 * customer back, and list the customer's transactions.
 *   npm run examples:build && node examples/dist/examples/merchant-integration.js
 */
import { randomUUID } from 'node:crypto';
import { shopClient } from '../clients/typescript/src';
import { ExampleConfig, failed, runAsProgram } from './config';

export async function run(config: ExampleConfig) {
  const api = shopClient(config.baseUrl, config);
  const idempotencyKey = `example-${randomUUID()}`;
  const award = () =>
    api.POST('/rest_api/v2/transactions/points/award', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { platformCustomerId: config.platformCustomerId, point: 100, reason: 'example: welcome bonus' },
    });

  const first = await award();
  if (!first.data) throw failed('award', first.error, first.response);
  // A network failure after the service answered is retried with the same key: nothing is awarded twice.
  const retry = await award();
  if (!retry.data) throw failed('award (retry)', retry.error, retry.response);

  const customer = await api.GET('/rest_api/v2/customers/external/{platformCustomerId}', {
    params: { path: { platformCustomerId: config.platformCustomerId } },
  });
  if (!customer.data) throw failed('read customer', customer.error, customer.response);

  const transactions = await api.GET('/rest_api/v2/transactions', {
    params: { query: { customerId: customer.data.data.id, limit: 5 } },
  });
  if (!transactions.data) throw failed('list transactions', transactions.error, transactions.response);

  return {
    transactionId: first.data.meta.transactionId,
    pointsBefore: first.data.meta.oldPoint,
    pointsAfter: first.data.meta.newPoint,
    retryReplayed: retry.response.headers.get('Idempotent-Replayed') === 'true',
    retryTransactionId: retry.data.meta.transactionId,
    balance: customer.data.data.point,
    tier: customer.data.data.tierName,
    latestTransactions: transactions.data.data.map((t) => ({ id: t.id, type: t.type, earnPoint: t.earnPoint })),
  };
}

runAsProgram(module, run);
