/**
 * An auditor: replay a customer's stream (every event with the balance and tier after it), check
 * that the figures the service answers today are the fold of those events, and read the state as of
 * an instant in the past. With a read-only audit key (LOYALTY_AUDIT_KEY, from the operator) or, as
 * the shop itself, with the shop's keys.
 *   npm run examples:build && node examples/dist/examples/auditor.js
 */
import { auditClient, LoyaltyClient, shopClient } from '../clients/typescript/src';
import { ExampleConfig, failed, runAsProgram } from './config';

type ReplayedEvent = NonNullable<Awaited<ReturnType<typeof replayPage>>['data']>['data'][number];

function replayPage(api: LoyaltyClient, customerId: string, after?: number) {
  return api.GET('/rest_api/v2/audit/customers/{customerId}/events', {
    params: { path: { customerId }, query: { limit: 100, ...(after === undefined ? {} : { after }) } },
  });
}

/** Every event of the customer's stream, page after page. */
async function replayAll(api: LoyaltyClient, customerId: string): Promise<ReplayedEvent[]> {
  const events: ReplayedEvent[] = [];
  for (;;) {
    const page = await replayPage(api, customerId, events.at(-1)?.revision);
    if (!page.data) throw failed('replay', page.error, page.response);
    events.push(...page.data.data);
    if (page.data.data.length < 100) return events;
  }
}

export async function run(config: ExampleConfig, auditKey = process.env.LOYALTY_AUDIT_KEY) {
  const api = auditKey ? auditClient(config.baseUrl, auditKey) : shopClient(config.baseUrl, config);
  const customerId = config.platformCustomerId;
  const events = await replayAll(api, customerId);
  const last = events.at(-1);
  if (!last) throw new Error(`customer ${customerId} has no events`);

  const now = await api.GET('/rest_api/v2/audit/customers/{customerId}/state', { params: { path: { customerId } } });
  if (!now.data) throw failed('state', now.error, now.response);
  // As of the moment the first event was recorded: the state after that event only.
  const asOf = events[0].recordedAt;
  const then = await api.GET('/rest_api/v2/audit/customers/{customerId}/state', {
    params: { path: { customerId }, query: { asOf } },
  });
  if (!then.data) throw failed('state as of', then.error, then.response);

  return {
    events: events.length,
    balanceAfterLastEvent: last.after.balance,
    balanceNow: now.data.data.balance,
    agrees: last.after.balance === now.data.data.balance && last.revision === now.data.data.revision,
    asOf,
    balanceAsOf: then.data.data.balance,
  };
}

runAsProgram(module, run);
