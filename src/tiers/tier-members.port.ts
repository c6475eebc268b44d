/**
 * How many customers are in a tier. The customer ledger knows (its customers read model) and provides
 * this port, so the tier ladder counts members without depending on the ledger.
 */
export const TIER_MEMBERS = Symbol('TIER_MEMBERS');

export interface TierMembers {
  count(shopId: string, tierId: string): Promise<number>;
}
