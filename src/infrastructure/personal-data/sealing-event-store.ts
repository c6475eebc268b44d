import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import {
  AppendResult,
  EventRewrite,
  EventStore,
  ExpectedRevision,
  GlobalPosition,
  NewEvent,
  ReadAllOfTypesOptions,
  ReadAllOptions,
  ReadStreamsOptions,
  RecordedEvent,
  TypedFeedPage,
} from '../event-store/event-store.port';
import { BoundedCache } from '../../shared/bounded-cache';
import { DataKey, KeySubject, PersonalDataKeys, PersonalDataShredder } from './personal-data-keys.port';

/** Which fields of which event types are personal, and whose key seals them (the ledger's table). */
export interface PersonalFieldPolicy {
  /** Dotted paths (`email`, `changes.phone`) of the type's personal fields; undefined: none. */
  fieldsOf(type: string): readonly string[] | undefined;
  /** Whose personal data an event of such a type holds. */
  subjectOf(data: Record<string, unknown>): KeySubject | null;
}

/** The metadata member that carries the sealed fields: `v1.<iv>.<tag>.<ciphertext>`, base64 each. */
export const SEALED = 'personal';
const VERSION = 'v1';
/** A live key is trusted this long before it is read again (another process may have destroyed it). */
const KEY_TTL_MS = 30_000;

/** `lastSealed`: the subject's latest sealed fields with their plain text (see `sealFields`). */
type CachedKey = { key: DataKey; until: number; lastSealed?: { plain: string; sealed: string } };
/** Fields this process sealed or opened, trusted as long as the key they were opened with (KEY_TTL_MS). */
type OpenedFields = { fields: Record<string, unknown>; until: number };

/**
 * Crypto-shredding in one place, around the event store port. On append, the personal fields of an
 * event (the policy's table) are moved into its metadata, encrypted (AES-256-GCM) with the customer's
 * data key, and stored as null in the data; on read they are put back while the key exists. Once the
 * key is destroyed the fields stay null: deciders, projections and the audit see an anonymised
 * customer, and every figure is unchanged. Events of types without personal fields, or whose personal
 * fields are all empty, pass through untouched (no key, no cipher).
 */
export class SealingEventStore implements EventStore, PersonalDataShredder {
  private readonly keys = new BoundedCache<string, CachedKey>({ max: 100_000 });
  /**
   * By sealed text: every feed reader of this process opens each new event again right after it was
   * sealed here, and the cipher costs more than the rest of an award's own work. Cleared with a key.
   */
  private readonly opened = new BoundedCache<string, OpenedFields>({ max: 20_000 });

  constructor(
    private readonly inner: EventStore,
    private readonly dataKeys: PersonalDataKeys,
    private readonly policy: PersonalFieldPolicy,
    private readonly now: () => number = Date.now,
  ) {}

  /** The store underneath (the privacy migration rewrites its rows). */
  get unsealed(): EventStore {
    return this.inner;
  }

  async appendToStream(streamId: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    let sealed: NewEvent[] | null = null;
    for (let i = 0; i < events.length; i++) {
      const event = await this.seal(events[i]);
      if (event !== events[i]) (sealed ??= events.slice())[i] = event;
    }
    return this.inner.appendToStream(streamId, sealed ?? events, expected);
  }

  get streamPageSize(): number | undefined {
    return this.inner.streamPageSize;
  }

  async readStream(streamId: string, fromRevision?: bigint, maxCount?: number): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStream(streamId, fromRevision, maxCount));
  }

  async readStreams(options: ReadStreamsOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readStreams(options));
  }

  async readAll(options: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.openAll(await this.inner.readAll(options));
  }

  /** Only the events answered are opened. */
  async readAllOfTypes(options: ReadAllOfTypesOptions): Promise<TypedFeedPage> {
    const page = await this.inner.readAllOfTypes(options);
    return { ...page, events: await this.openAll(page.events) };
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.inner.headPosition();
  }

  countEvents(): Promise<number> {
    return this.inner.countEvents ? this.inner.countEvents() : Promise.resolve(0);
  }

  readCheckpoint(subscription: string): Promise<GlobalPosition | null> {
    return this.inner.readCheckpoint(subscription);
  }

  storeCheckpoint(subscription: string, position: GlobalPosition | null): Promise<void> {
    return this.inner.storeCheckpoint(subscription, position);
  }

  storeCheckpoints(checkpoints: ReadonlyMap<string, GlobalPosition | null>): Promise<void> {
    return this.inner.storeCheckpoints(checkpoints);
  }

  ping(): Promise<void> {
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** Destroys the subject's key (erasure); true when this call destroyed it. */
  async destroyKey(subject: KeySubject, at: Date): Promise<boolean> {
    const destroyed = await this.dataKeys.destroy(subject, at);
    this.keys.set(subjectKey(subject), { key: 'destroyed', until: Infinity });
    this.opened.clear();
    return destroyed;
  }

  /** Destroys every key of a shop; the subjects this call destroyed. */
  async destroyShopKeys(shopId: string, at: Date): Promise<KeySubject[]> {
    const destroyed = await this.dataKeys.destroyShop(shopId, at);
    this.keys.clear();
    this.opened.clear();
    return destroyed;
  }

  /** Whether the stored log can be sealed in place (the privacy migration; not on EventStoreDB). */
  get canSealStored(): boolean {
    return this.inner.rewriteEvents !== undefined;
  }

  /**
   * Seals in place the personal fields of stored events written before sealing existed (read from
   * the store underneath, not opened); how many were rewritten. Idempotent: sealed events, and events
   * with nothing personal, are left as they are. An erased customer's fields are written as null.
   */
  async sealStored(events: RecordedEvent[]): Promise<number> {
    if (!this.inner.rewriteEvents) return 0;
    const rewrites: EventRewrite[] = [];
    for (const event of events) {
      if (typeof event.metadata?.[SEALED] === 'string') continue;
      const sealed = await this.seal(event);
      if (sealed !== event) rewrites.push({ id: event.id, data: sealed.data, metadata: sealed.metadata });
    }
    await this.inner.rewriteEvents(rewrites);
    return rewrites.length;
  }

  /** Seals one stream's stored events in place (an erasure on a store not yet migrated). */
  async sealStream(streamId: string): Promise<number> {
    let sealed = 0;
    for (let from = 0n; ;) {
      const page = await this.inner.readStream(streamId, from, 500);
      sealed += await this.sealStored(page);
      if (page.length < 500) return sealed;
      from = page[page.length - 1].revision + 1n;
    }
  }

  /** The event with its personal fields sealed (the same object when it has none to seal). */
  async seal<E extends { type: string; data: Record<string, unknown>; metadata?: Record<string, unknown> }>(
    event: E,
  ): Promise<E & { metadata?: Record<string, unknown> }> {
    const fields = this.policy.fieldsOf(event.type);
    if (!fields) return event;
    const picked = pickPersonal(event.data, fields);
    if (!picked) return event;
    const subject = this.policy.subjectOf(event.data);
    if (!subject) return event;
    const key = await this.keyOf(subject, true);
    const data = withNulls(event.data, Object.keys(picked));
    if (key === null || key === 'destroyed') return { ...event, data };
    const sealed = this.sealFields(subject, key, picked);
    return { ...event, data, metadata: { ...(event.metadata ?? {}), [SEALED]: sealed } };
  }

  /**
   * The fields sealed with the subject's key. A customer's events repeat the same personal fields (an
   * award carries the email): the same fields get the subject's last sealed copy again, one cipher
   * per change instead of one per event. A copy tells nothing new (the stream already names the
   * customer), and no nonce is ever used for two different texts.
   */
  private sealFields(subject: KeySubject, key: Buffer, fields: Record<string, unknown>): string {
    const plain = JSON.stringify(fields);
    const cached = this.keys.get(subjectKey(subject));
    if (cached?.key === key && cached.lastSealed?.plain === plain) return cached.lastSealed.sealed;
    const sealed = encrypt(key, plain);
    if (cached?.key === key) cached.lastSealed = { plain, sealed };
    this.opened.set(sealed, { fields, until: this.now() + KEY_TTL_MS });
    return sealed;
  }

  /**
   * Events whose sealed fields this process opened recently are opened without an await (a replay
   * of 10,000 events awaited each), and a run of events with the same sealed text, as one
   * customer's usually are (the same email, no notes), looks it up once.
   */
  private async openAll(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    let opened: RecordedEvent[] | null = null;
    let lastSealed: string | null = null;
    let lastFields: Record<string, unknown> | null = null;
    const now = this.now();
    for (let i = 0; i < events.length; i++) {
      const event = events[i];
      const sealed = event.metadata?.[SEALED];
      if (typeof sealed !== 'string') continue;
      const fields: Record<string, unknown> | null =
        sealed === lastSealed ? lastFields : this.policy.subjectOf(event.data) ? this.remembered(sealed, now) : null;
      if (fields) {
        lastSealed = sealed;
        lastFields = fields;
      }
      (opened ??= events.slice())[i] = fields ? openedWith(event, fields) : await this.open(event);
    }
    return opened ?? events;
  }

  /** The fields of a sealed text this process sealed or opened within KEY_TTL_MS; null: not known. */
  private remembered(sealed: string, now: number): Record<string, unknown> | null {
    const remembered = this.opened.get(sealed);
    return remembered && remembered.until > now ? remembered.fields : null;
  }

  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    const { [SEALED]: sealed, ...metadata } = event.metadata;
    const subject = this.policy.subjectOf(event.data);
    if (!subject) return { ...event, metadata };
    const remembered = this.remembered(sealed as string, this.now());
    if (remembered) return openedWith(event, remembered);
    let key = await this.keyOf(subject, false);
    let fields = key instanceof Buffer ? decrypt(key, sealed as string) : null;
    if (!fields && key instanceof Buffer) {
      // A remembered key that does not open the field: read the key again once (never in the service's
      // own life, where a key is made once; after the store was restored or migrated beside it).
      this.keys.delete(subjectKey(subject));
      key = await this.keyOf(subject, false);
      fields = key instanceof Buffer ? decrypt(key, sealed as string) : null;
    }
    if (!fields) return { ...event, metadata };
    this.opened.set(sealed as string, { fields, until: this.now() + KEY_TTL_MS });
    return openedWith(event, fields);
  }

  private async keyOf(subject: KeySubject, create: boolean): Promise<DataKey | null> {
    const id = subjectKey(subject);
    const cached = this.keys.get(id);
    const now = this.now();
    if (cached && cached.until > now) return cached.key;
    const key = await this.dataKeys.keyFor(subject, { create });
    if (key !== null) this.keys.set(id, { key, until: key === 'destroyed' ? Infinity : now + KEY_TTL_MS });
    return key;
  }
}

/** The event with its sealed fields put back into its data, and the sealed text left out of its metadata. */
function openedWith(event: RecordedEvent, fields: Record<string, unknown>): RecordedEvent {
  const { [SEALED]: _sealed, ...metadata } = event.metadata;
  return { ...event, metadata, data: withValues(event.data, fields) };
}

const subjectKey = (s: KeySubject) => `${s.shopId}\u0000${s.customerId}`;

/** The non-empty personal values by path, or null when there are none. */
export function pickPersonal(data: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> | null {
  let picked: Record<string, unknown> | null = null;
  for (const path of paths) {
    const value = valueAt(data, path);
    if (value !== undefined && value !== null) (picked ??= {})[path] = value;
  }
  return picked;
}

function valueAt(data: Record<string, unknown>, path: string): unknown {
  const dot = path.indexOf('.');
  if (dot < 0) return data[path];
  const parent = data[path.slice(0, dot)];
  return parent && typeof parent === 'object' ? (parent as Record<string, unknown>)[path.slice(dot + 1)] : undefined;
}

/** A copy of `data` with each path set to its value (nested objects copied, never shared). */
function withValues(data: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...data };
  for (const [path, value] of Object.entries(values)) {
    const dot = path.indexOf('.');
    if (dot < 0) {
      copy[path] = value;
      continue;
    }
    const head = path.slice(0, dot);
    const parent = copy[head];
    if (!parent || typeof parent !== 'object') continue;
    copy[head] = { ...(parent as Record<string, unknown>), [path.slice(dot + 1)]: value };
  }
  return copy;
}

/** A copy of `data` with each path set to null (an anonymised event). */
export function withNulls(data: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  return withValues(data, Object.fromEntries(paths.map((p) => [p, null])));
}

/**
 * GCM nonces: 8 random bytes drawn once, then a 4-byte counter (drawn again when it wraps). Unique
 * per key as long as two processes do not draw the same 64-bit prefix; a random nonce per field cost
 * a `randomBytes` call (more than the cipher) on every award.
 */
class Nonces {
  private prefix = randomBytes(8);
  private counter = 0;

  next(): Buffer {
    if (this.counter === 0xffffffff) {
      this.prefix = randomBytes(8);
      this.counter = 0;
    }
    const iv = Buffer.allocUnsafe(12);
    this.prefix.copy(iv, 0);
    iv.writeUInt32BE(this.counter++, 8);
    return iv;
  }
}

const nonces = new Nonces();

function encrypt(key: Buffer, plain: string): string {
  const iv = nonces.next();
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), sealed.toString('base64')].join('.');
}

/** The sealed fields, or null when they cannot be opened with this key. */
function decrypt(key: Buffer, sealed: string): Record<string, unknown> | null {
  const [version, iv, tag, text] = sealed.split('.');
  if (version !== VERSION) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(text, 'base64')), decipher.final()]);
    return JSON.parse(plain.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
