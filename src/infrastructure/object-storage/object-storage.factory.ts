import { S3Client } from '@aws-sdk/client-s3';
import { AppConfig, S3Settings } from '../../config/app-config';
import { LocalDiskObjectStorage } from './local-disk-object-storage.adapter';
import { ObjectStorage } from './object-storage.port';
import { S3ObjectStorage } from './s3-object-storage.adapter';

/** The S3 client of the settings (also what the contract suite builds against its test server). */
export function s3ClientFor(settings: Omit<S3Settings, 'bucket'>): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

/** The object storage OBJECT_STORAGE names: local disk under UPLOADS_DIR (the default), or an S3-compatible bucket. */
export function objectStorageFor(config: AppConfig): ObjectStorage {
  const settings = config.objectStorage;
  if (settings.kind === 'local') return new LocalDiskObjectStorage(config.uploadsDir);
  return new S3ObjectStorage(s3ClientFor(settings), settings.bucket);
}
