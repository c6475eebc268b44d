/**
 * What every command carries, on every stream: which shop, when, and where new ids come from. The
 * clock and the id source are injected where the command is built, so a decider stays pure and a
 * replay decides the same. (The customer ledger's commands add the customer: `ledger/customer-stream.ts`.)
 */
export interface CommandMeta {
  shopId: string;
  occurredAt: string;
  newId: () => string;
}

/** The fields every new event starts with: an id of its own, when, which shop. */
export function eventBase(meta: CommandMeta): { eventId: string; occurredAt: string; shopId: string } {
  return { eventId: meta.newId(), occurredAt: meta.occurredAt, shopId: meta.shopId };
}
