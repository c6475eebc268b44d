/**
 * The secrets the service keys its hashes with (a chat user's ref). Each is kept in the SQL store
 * wrapped by the service key, like a data key, so rotating PERSONAL_DATA_KEY leaves every hash as it
 * was: a customer linked before a rotation is still found after it.
 */
export const HASH_SECRETS = Symbol('HASH_SECRETS');

/** Every purpose the service hashes for, each with its own secret; a store gets them all at start. */
export const HASH_SECRET_PURPOSES = ['chat-user-ref.v1'] as const;
export type HashSecretPurpose = (typeof HASH_SECRET_PURPOSES)[number];

export interface HashSecrets {
  /** The purpose's secret (32 bytes), read from the store when it opened. */
  secret(purpose: HashSecretPurpose): Buffer;
}

/** Moving the secrets under the current service key (`loyalty keys rewrap`, beside the data keys). */
export interface HashSecretRotation {
  /** Rewraps every secret not under the current key; a row changed meanwhile is left as it is. */
  rewrap(): Promise<{ rewrapped: number; changed: number; unopened: number }>;
  /** Secrets not under the current key, by key id. */
  wrappedElsewhere(): Promise<Array<{ keyId: string; count: number }>>;
}
