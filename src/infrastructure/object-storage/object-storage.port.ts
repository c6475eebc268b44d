/**
 * The object storage port: files the service keeps for shoppers (uploaded images, wallet passes), by key. Adapters:
 * local disk under `UPLOADS_DIR` (the default), an S3-compatible bucket (`OBJECT_STORAGE=s3`). A key
 * is `<shop>/<customer>/<name>`: a shop's or a customer's files are erased by prefix.
 */
export const OBJECT_STORAGE = Symbol('OBJECT_STORAGE');

export interface StoredObject {
  key: string;
  contentType: string;
  bytes: Buffer;
}

export interface ObjectInfo {
  key: string;
  contentType: string;
  size: number;
  /** When it was written (the file's modification time; the object's Last-Modified), for sweeps by age. */
  storedAt: Date;
}

export interface ObjectStorage {
  /** All or nothing: throws when any object could not be kept, and then none of them is. */
  putBatch(objects: readonly StoredObject[]): Promise<void>;
  /** null when no object has this key. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether an object has this key (without reading it); false for a string that is not a key. */
  exists(key: string): Promise<boolean>;
  /** The objects under a prefix (`<shop>/<customer>/`, `<shop>/`, or `''`: all), without their bytes, by key. */
  list(prefix: string): Promise<ObjectInfo[]>;
  /** Removes these objects (a key with no object is no error); throws for a string that is not a key. */
  remove(keys: readonly string[]): Promise<void>;
  /** Removes every object whose key starts with `prefix` (`<shop>/` or `<shop>/<customer>/`). */
  removePrefix(prefix: string): Promise<void>;
}

/** Characters of a key segment: the shop and customer ids, and the random file names. */
const SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;
const FILE = /^[0-9a-f]{32}\.(jpg|png|pkpass)$/;

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  pkpass: 'application/vnd.apple.pkpass',
};

/** `<shop>/<customer>/<32 hex>.<jpg|png|pkpass>`, nothing else (no `..`, no other character). */
export function isObjectKey(key: string): boolean {
  const parts = key.split('/');
  return parts.length === 3 && SEGMENT.test(parts[0]) && SEGMENT.test(parts[1]) && FILE.test(parts[2]);
}

/** A key of an uploaded image (not of a wallet pass). */
export function isImageKey(key: string): boolean {
  return isObjectKey(key) && !key.endsWith('.pkpass');
}

/** A prefix `<shop>/` or `<shop>/<customer>/`. */
export function isObjectPrefix(prefix: string): boolean {
  const parts = prefix.split('/');
  return (
    (parts.length === 2 || parts.length === 3) &&
    parts.at(-1) === '' &&
    parts.slice(0, -1).every((p) => SEGMENT.test(p))
  );
}

/** The content type a key's extension stands for. */
export function contentTypeOf(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1)] ?? 'application/octet-stream';
}
