/**
 * Customers whose headless sessions are over for good: erased (customers/redact, shop/redact). Every
 * token of such a customer is refused from the moment the revocation is stored, on every process: it
 * is read from the store every process shares, not from a read model another process may not have
 * caught up with yet. A customer taken out of the program is not revoked: the contract answers what
 * they send (403 NOT_ELIGIBLE on join-program), so their token must still be accepted.
 */
export const SESSION_REVOCATIONS = Symbol('SESSION_REVOCATIONS');

export type RevocationReason = 'erased';

export interface SessionRevocations {
  /** Ends every session of the customer (once; a repeat keeps the first time and reason). */
  revoke(shopId: string, customerId: string, reason: RevocationReason, at: Date): Promise<void>;
  /** Whether the customer's sessions were ended. */
  isRevoked(shopId: string, customerId: string): Promise<boolean>;
}
