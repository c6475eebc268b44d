import { renderedUploadUrls, storedObjectKey } from './upload-urls';

const KEY = `shop-1/cust-1/${'a'.repeat(32)}.png`;

describe('stored file references rendered at the configured address', () => {
  it('a key, or an older record’s absolute URL, renders at the base; nothing else does', () => {
    expect(
      renderedUploadUrls('https://loyalty.example.com', [
        KEY,
        `http://evil.attacker.test/uploads/${KEY}`,
        'https://img.example.com/1.png',
        `ftp://x/uploads/${KEY}`,
        `http://x/uploads/../${KEY}`,
      ]),
    ).toEqual([`https://loyalty.example.com/uploads/${KEY}`, `https://loyalty.example.com/uploads/${KEY}`]);
  });

  it('reads the key of an old URL, refuses a key with a foreign segment', () => {
    expect(storedObjectKey(`https://a.example/x/uploads/${KEY}`)).toBe(KEY);
    expect(storedObjectKey(`shop-1/cust-1/${'a'.repeat(32)}.exe`)).toBeNull();
  });
});
