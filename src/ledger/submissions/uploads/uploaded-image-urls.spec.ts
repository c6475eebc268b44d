import { AppConfig } from '../../../config/app-config';
import { ObjectStorage } from '../../../infrastructure/object-storage/object-storage.port';
import { UploadedImageUrls } from './uploaded-image-urls';

const KEY = `shop-1/cust-1/${'a'.repeat(32)}.png`;
const stored = new Set([KEY, `shop-1/cust-2/${'b'.repeat(32)}.png`]);
const objects = { exists: async (key: string) => stored.has(key) } as unknown as ObjectStorage;
const urls = (env: Record<string, string>) =>
  new UploadedImageUrls(objects, new AppConfig({ DATA_DIR: '/tmp', ...env }));

describe('the images a claim may attach: this customer’s uploads, at the service’s address', () => {
  it('with UPLOADS_PUBLIC_URL: only URLs under it, recorded as their object key', async () => {
    const checker = urls({ UPLOADS_PUBLIC_URL: 'https://loyalty.example.com/' });
    const mine = `https://loyalty.example.com/uploads/${KEY}`;
    await expect(checker.check('shop-1', 'cust-1', [mine])).resolves.toEqual([KEY]);
    for (const url of [
      `https://cdn.example.com/uploads/${KEY}`,
      `http://loyalty.example.com/uploads/${KEY}`,
      `https://loyalty.example.com/uploads/shop-1/cust-2/${'b'.repeat(32)}.png`,
      `https://loyalty.example.com/uploads/shop-1/cust-1/${'c'.repeat(32)}.png`,
      `https://loyalty.example.com/uploads/${KEY}#x`,
    ])
      await expect(checker.check('shop-1', 'cust-1', [url])).rejects.toMatchObject({
        code: 'INVALID_INPUT',
        details: { field: 'context.imageUrls[0]' },
      });
  });

  it('with PUBLIC_URL only: uploads are under it', async () => {
    const checker = urls({ PUBLIC_URL: 'https://loyalty.example.com' });
    await expect(checker.check('shop-1', 'cust-1', [`https://loyalty.example.com/uploads/${KEY}`])).resolves.toEqual([
      KEY,
    ]);
    await expect(checker.check('shop-1', 'cust-1', [`https://evil.example/uploads/${KEY}`])).rejects.toMatchObject({
      code: 'INVALID_INPUT',
    });
  });

  it('with neither (development): any http(s) origin is read, only the key recorded', async () => {
    const checker = urls({});
    await expect(checker.check('shop-1', 'cust-1', [`https://elsewhere.example/uploads/${KEY}`])).resolves.toEqual([
      KEY,
    ]);
    for (const url of [`ftp://x/uploads/${KEY}`, `https://a@b/uploads/${KEY}`, `https://x/y/uploads/${KEY}`])
      await expect(checker.check('shop-1', 'cust-1', [url])).rejects.toMatchObject({
        code: 'INVALID_INPUT',
      });
  });
});
