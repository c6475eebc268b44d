import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat, unlink } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import {
  contentTypeOf,
  isObjectKey,
  isObjectPrefix,
  ObjectInfo,
  ObjectStorage,
  StoredObject,
} from './object-storage.port';

/**
 * Files under one directory, a key's segments as its folders. A batch is written file by file under
 * temporary names (flushed to disk), then each renamed to its key; on any failure what this batch
 * wrote (temporary or renamed) is removed, so a failed batch leaves nothing behind. Keys are checked
 * against the key alphabet before they touch a path.
 */
export class LocalDiskObjectStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  async putBatch(objects: readonly StoredObject[]): Promise<void> {
    for (const object of objects) if (!isObjectKey(object.key)) throw new Error(`Not an object key: ${object.key}`);
    const written: string[] = [];
    try {
      const staged: Array<{ temporary: string; final: string }> = [];
      for (const object of objects) {
        const final = this.pathOf(object.key);
        const temporary = `${final}.${randomBytes(8).toString('hex')}.tmp`;
        written.push(temporary);
        await this.writeFile(temporary, object.bytes);
        staged.push({ temporary, final });
      }
      for (const { temporary, final } of staged) {
        written.push(final);
        await rename(temporary, final);
      }
    } catch (error) {
      await Promise.all(written.map((path) => unlink(path).catch(() => undefined)));
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isObjectKey(key)) return null;
    try {
      return { key, contentType: contentTypeOf(key), bytes: await readFile(this.pathOf(key)) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isObjectKey(key)) return false;
    try {
      return (await stat(this.pathOf(key))).isFile();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    if (prefix !== '' && !isObjectPrefix(prefix)) throw new Error(`Not an object key prefix: ${prefix}`);
    let entries: Array<{ name: string; parentPath: string; isFile(): boolean }>;
    try {
      entries = await readdir(join(this.root, prefix), { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const infos: ObjectInfo[] = [];
    for (const entry of entries) {
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/');
      // Temporary files of a batch being written are not objects yet.
      if (!entry.isFile() || !isObjectKey(key)) continue;
      const file = await stat(this.pathOf(key)).catch(() => null);
      // Removed since the directory was read.
      if (file) infos.push({ key, contentType: contentTypeOf(key), size: file.size, storedAt: new Date(file.mtimeMs) });
    }
    return infos.sort((a, b) => a.key.localeCompare(b.key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) if (!isObjectKey(key)) throw new Error(`Not an object key: ${key}`);
    await Promise.all(keys.map((key) => rm(this.pathOf(key), { force: true })));
  }

  async removePrefix(prefix: string): Promise<void> {
    if (!isObjectPrefix(prefix)) throw new Error(`Not an object key prefix: ${prefix}`);
    await rm(join(this.root, prefix), { recursive: true, force: true });
  }

  /** One file, created new (never over another) and flushed before it is renamed into place. */
  protected async writeFile(path: string, bytes: Buffer): Promise<void> {
    await mkdir(dirname(path), { recursive: true });
    const file = await open(path, 'wx');
    try {
      await file.writeFile(bytes);
      await file.datasync();
    } finally {
      await file.close();
    }
  }

  private pathOf(key: string): string {
    return join(this.root, ...key.split('/'));
  }
}
