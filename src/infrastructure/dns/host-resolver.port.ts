export const HOST_RESOLVER = Symbol('HOST_RESOLVER');

/**
 * Resolves a host name to its addresses (every A and AAAA answer). A port so that the webhook URL
 * policy can be tested without a network, and so that registration and delivery resolve the same way.
 */
export interface HostResolver {
  /** Every address of the name; rejects when it does not resolve. */
  resolve(host: string): Promise<string[]>;
}
