import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  ListObjectsCommandOutput,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import {
  contentTypeOf,
  isObjectKey,
  isObjectPrefix,
  ObjectInfo,
  ObjectStorage,
  StoredObject,
} from './object-storage.port';

/** What S3 answers for a key it does not have (GetObject: NoSuchKey; HeadObject: a bare 404 NotFound). */
function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404;
}

/** DeleteObjects takes at most 1,000 keys. */
const DELETE_BATCH = 1000;

/**
 * Objects in one bucket of an S3-compatible store, under their keys. S3 writes one object at a time,
 * so a batch is all or nothing by compensation: every object is written, and when one fails, every
 * key of the batch (the failed one included: its write may have landed before the error) is deleted
 * before the error is thrown. The keys are random and no URL of them was answered, so nothing of a
 * failed batch is ever reachable meanwhile; a process that dies between the writes and the deletion
 * leaves objects no URL names (as the local disk adapter leaves temporary files).
 */
export class S3ObjectStorage implements ObjectStorage {
  private readonly logger = new Logger('S3ObjectStorage');

  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async putBatch(objects: readonly StoredObject[]): Promise<void> {
    for (const object of objects) if (!isObjectKey(object.key)) throw new Error(`Not an object key: ${object.key}`);
    const attempted: string[] = [];
    try {
      for (const object of objects) {
        attempted.push(object.key);
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.bucket,
            Key: object.key,
            Body: object.bytes,
            ContentType: object.contentType,
            ContentLength: object.bytes.length,
          }),
        );
      }
    } catch (error) {
      await this.deleteKeys(attempted).catch((cleanup) =>
        this.logger.error(`a failed batch could not be removed: ${(cleanup as Error)?.message ?? cleanup}`),
      );
      throw error;
    }
  }

  async get(key: string): Promise<StoredObject | null> {
    if (!isObjectKey(key)) return null;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      const bytes = Buffer.from(await answer.Body!.transformToByteArray());
      return { key, contentType: contentTypeOf(key), bytes };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    if (!isObjectKey(key)) return false;
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async list(prefix: string): Promise<ObjectInfo[]> {
    if (prefix !== '' && !isObjectPrefix(prefix)) throw new Error(`Not an object key prefix: ${prefix}`);
    const infos: ObjectInfo[] = [];
    for await (const page of this.pages(prefix))
      for (const item of page.Contents ?? [])
        if (item.Key && isObjectKey(item.Key))
          infos.push({
            key: item.Key,
            contentType: contentTypeOf(item.Key),
            size: item.Size ?? 0,
            storedAt: item.LastModified ?? new Date(0),
          });
    return infos.sort((a, b) => a.key.localeCompare(b.key));
  }

  async remove(keys: readonly string[]): Promise<void> {
    for (const key of keys) if (!isObjectKey(key)) throw new Error(`Not an object key: ${key}`);
    await this.deleteKeys(keys);
  }

  async removePrefix(prefix: string): Promise<void> {
    if (!isObjectPrefix(prefix)) throw new Error(`Not an object key prefix: ${prefix}`);
    const keys: string[] = [];
    for await (const page of this.pages(prefix))
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
    await this.deleteKeys(keys);
  }

  /**
   * The listing of a prefix, page by page (1,000 keys each), each page starting after the last key of
   * the one before (`Marker`). ListObjects (v1) rather than v2: its pages need no continuation token,
   * which some S3-compatible servers cannot make (s3rver's need DES, absent from Node's OpenSSL 3).
   */
  private async *pages(prefix: string): AsyncGenerator<ListObjectsCommandOutput> {
    let marker: string | undefined;
    for (;;) {
      const page = await this.client.send(
        new ListObjectsCommand({ Bucket: this.bucket, Prefix: prefix, Marker: marker }),
      );
      yield page;
      const last = page.Contents?.at(-1)?.Key;
      if (!page.IsTruncated || !last) return;
      marker = last;
    }
  }

  private async deleteKeys(keys: readonly string[]): Promise<void> {
    for (let i = 0; i < keys.length; i += DELETE_BATCH) {
      const answer = await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: keys.slice(i, i + DELETE_BATCH).map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (answer.Errors?.length) throw new Error(`${answer.Errors.length} object(s) could not be deleted`);
    }
  }
}
