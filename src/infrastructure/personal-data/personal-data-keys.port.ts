/**
 * Per-customer data keys (crypto-shredding). Each customer of a shop has one AES-256 key that seals
 * the personal fields of their events; destroying it is the erasure: the sealed fields can no longer
 * be opened, anywhere they were copied (the log, backups, exports made afterwards).
 */
export const PERSONAL_DATA_KEYS = Symbol('PERSONAL_DATA_KEYS');

/** Whose key: one customer of one shop (the customer stream's subject). */
export interface KeySubject {
  shopId: string;
  customerId: string;
}

/** A key that was destroyed, and when (the operator's list of erasures). */
export interface DestroyedKey extends KeySubject {
  destroyedAt: string;
}

/** `destroyed`: the key existed and was destroyed; its fields read as null and no key is made again. */
export type DataKey = Buffer | 'destroyed';

export interface PersonalDataKeys {
  /** The subject's key, made when it has none yet (`create`), else null when it has none. */
  keyFor(subject: KeySubject, options: { create: boolean }): Promise<DataKey | null>;
  /**
   * Destroys the subject's key (a tombstone stays, so it is never made again). True when this call
   * destroyed it; false when it was already destroyed. A subject without a key gets a tombstone.
   */
  destroy(subject: KeySubject, at: Date): Promise<boolean>;
  /** Destroys every key of the shop; the subjects this call destroyed. */
  destroyShop(shopId: string, at: Date): Promise<KeySubject[]>;
  /** The shop's destroyed keys, oldest first. */
  listDestroyed(shopId: string): Promise<DestroyedKey[]>;
}

/** Destroys data keys where the sealing happens, so the wrapper's cache forgets them at once. */
export const PERSONAL_DATA_SHREDDER = Symbol('PERSONAL_DATA_SHREDDER');

export interface PersonalDataShredder {
  /** True when this call destroyed the key. */
  destroyKey(subject: KeySubject, at: Date): Promise<boolean>;
  /** The subjects whose keys this call destroyed. */
  destroyShopKeys(shopId: string, at: Date): Promise<KeySubject[]>;
  /** Seals a stream's events written before sealing existed, in place; how many (0 where the log cannot be edited). */
  sealStream(streamId: string): Promise<number>;
}

/** One batch of `rewrapBatch`: the rows looked at, what became of them, and where the next batch starts. */
export interface RewrapBatch {
  /** Live data keys not under the current key, in this batch. */
  seen: number;
  /** Rewrapped under the current key by this batch. */
  rewrapped: number;
  /** Changed by another process meanwhile (destroyed, or rewrapped): left as they are. */
  changed: number;
  /** Wrapped under a key not given: left as they are. */
  unopened: number;
  /** The last subject looked at (the next batch starts after it); null: nothing was left. */
  last: KeySubject | null;
}

/** Moving every data key under the current service key (`loyalty keys rewrap`), and the keys' health. */
export interface ServiceKeyRotation {
  readonly currentKeyId: string;
  readonly retiredKeyIds: readonly string[];
  /**
   * Rewraps under the current key up to `limit` live data keys not under it, after `after` in key
   * order, committed together. Each row is replaced only if it still holds what was read (a concurrent
   * erasure or rewrap wins).
   */
  rewrapBatch(after: KeySubject | null, limit: number): Promise<RewrapBatch>;
  /** Live data keys not under the current key, by key id (null: stored before key ids, not yet labelled). */
  wrappedElsewhere(): Promise<Array<{ keyId: string | null; count: number }>>;
  /** A key problem met since start (a data key under a key not given, or one that does not open), else null. */
  keyProblem(): string | null;
}
