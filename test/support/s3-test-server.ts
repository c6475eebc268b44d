import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3Client } from '@aws-sdk/client-s3';
// The S3-compatible server of the tests: @20minutes/s3rver (a maintained fork of s3rver), a
// devDependency started on loopback, keeping its objects in a temporary directory.
import S3rver from '@20minutes/s3rver';
import { s3ClientFor } from '../../src/infrastructure/object-storage/object-storage.factory';

/** s3rver's built-in account. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  /** A client of the server (path-style, its account), usable for bucket requests too. */
  client(): S3Client;
  stop(): Promise<void>;
}

/** Starts s3rver on 127.0.0.1 (a free port). */
export async function startS3TestServer(): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory });
  const { port } = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    client: () => {
      const c = s3ClientFor({ endpoint, region: 'us-east-1', forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
      // The SDK addresses a bucket as `/<bucket>/` (AWS reads it as `/<bucket>`); s3rver checks the
      // signature over the path without the slash, so bucket requests (create, list, delete) are sent
      // without it, before they are signed. Object requests are untouched.
      c.middlewareStack.add(
        (next) => async (args) => {
          const request = args.request as { path?: string };
          if (request.path && /^\/[^/]+\/$/.test(request.path)) request.path = request.path.slice(0, -1);
          return next(args);
        },
        { step: 'build', name: 's3rverBucketPath' },
      );
      return c;
    },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
