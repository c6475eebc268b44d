import { ImageReencoder } from '../../../infrastructure/images/image-decoder';
import { ObjectStorage, StoredObject } from '../../../infrastructure/object-storage/object-storage.port';
import { SessionRevocations } from '../../../infrastructure/sessions/session-revocations.port';
import { UploadAdmission } from './upload-admission';
import { UploadImagesCommand, UploadImagesHandler } from './upload-images.handler';

/** An upload that passed the token check just before its customer was erased leaves nothing behind. */
describe('UploadImagesHandler and an erasure recorded meanwhile', () => {
  const stored = new Map<string, StoredObject>();
  const objects = {
    putBatch: async (batch: readonly StoredObject[]) => batch.forEach((o) => stored.set(o.key, o)),
    removePrefix: async (prefix: string) =>
      [...stored.keys()].filter((k) => k.startsWith(prefix)).forEach((k) => stored.delete(k)),
  } as unknown as ObjectStorage;
  const images = { reencoded: async (bytes: () => Buffer) => bytes() } as unknown as ImageReencoder;
  const revokedAfterStore = (revoked: boolean): SessionRevocations => ({
    revoke: async () => undefined,
    isRevoked: async () => revoked,
  });
  const counted: number[] = [];
  const admission = { record: async (_s: string, _c: string, files: number) => void counted.push(files) };
  const handlerWith = (revocations: SessionRevocations) =>
    new UploadImagesHandler(objects, images, revocations, admission as unknown as UploadAdmission);
  const body = { images: [{ imageBase64: 'iVBORw0KGgo=', imageName: 'receipt.png', imageType: 'image/png' }] };

  beforeEach(() => {
    stored.clear();
    counted.length = 0;
  });

  it('given the customer erased while the images were stored, then the upload is refused (401) and its files deleted', async () => {
    const handler = handlerWith(revokedAfterStore(true));
    await expect(handler.execute(new UploadImagesCommand('shop1', 'cust1', body))).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
    });
    expect([...stored.keys()]).toEqual([]);
    expect(counted).toEqual([]);
  });

  it('given the customer not erased, then the images are kept under their folder', async () => {
    const handler = handlerWith(revokedAfterStore(false));
    const keys = await handler.execute(new UploadImagesCommand('shop1', 'cust1', body));
    expect(keys).toEqual([expect.stringMatching(/^shop1\/cust1\/[0-9a-f]{32}\.png$/)]);
    expect([...stored.keys()]).toEqual(keys);
    expect(counted).toEqual([1]);
  });
});
