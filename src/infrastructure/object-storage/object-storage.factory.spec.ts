import { AppConfig } from '../../config/app-config';
import { LocalDiskObjectStorage } from './local-disk-object-storage.adapter';
import { objectStorageFor } from './object-storage.factory';
import { S3ObjectStorage } from './s3-object-storage.adapter';

describe('the object storage OBJECT_STORAGE selects', () => {
  const config = (env: Record<string, string>) => new AppConfig({ DATA_DIR: '/tmp/x', ...env });

  it('local disk by default; an S3-compatible bucket with OBJECT_STORAGE=s3', () => {
    expect(objectStorageFor(config({}))).toBeInstanceOf(LocalDiskObjectStorage);
    const s3 = config({
      OBJECT_STORAGE: 's3',
      S3_BUCKET: 'loyalty-uploads',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(s3.objectStorage).toEqual({
      kind: 's3',
      bucket: 'loyalty-uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key', secretAccessKey: 'secret' },
    });
    expect(objectStorageFor(s3)).toBeInstanceOf(S3ObjectStorage);
    expect(
      config({ OBJECT_STORAGE: 's3', S3_BUCKET: 'b-1', S3_FORCE_PATH_STYLE: 'false' }).objectStorage,
    ).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      credentials: null,
    });
  });

  it.each([
    [{ OBJECT_STORAGE: 's3' }, /S3_BUCKET is required/],
    [{ OBJECT_STORAGE: 's3', S3_BUCKET: 'b-1', S3_ACCESS_KEY_ID: 'k' }, /set together/],
    [{ OBJECT_STORAGE: 'ftp' }, /OBJECT_STORAGE/],
    [{ OBJECT_STORAGE: 's3', S3_BUCKET: 'No_Such' }, /S3_BUCKET/],
  ])('refuses to start on %j', (env, message) => {
    expect(() => config(env as Record<string, string>)).toThrow(message);
  });
});
