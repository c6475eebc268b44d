import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor } from './headless-support';

const PUBLIC_URL = 'https://loyalty.example.com';
const EVIL = 'evil.attacker.test';
/** Every header a proxy or a client could use to name another address. */
const SPOOFED = { Host: EVIL, 'X-Forwarded-Host': EVIL, 'X-Forwarded-Proto': 'http', Forwarded: `host=${EVIL}` };

/**
 * File URLs come from configuration only: an upload and the receipt claim that attaches it, sent with
 * a spoofed Host, still reach the merchant's moderation list at PUBLIC_URL; the claim records the
 * object key, never the URL the client sent.
 */
describe(`file URLs from configuration, never from request headers (${defaultStoreKind()})`, () => {
  const s = scenario({ env: { PUBLIC_URL, TRUST_PROXY: 'loopback' } });
  let token: string;
  let receipt: string;

  beforeAll(async () => {
    receipt = await s.earning('submit_receipt', 'Receipt', { earnPoint: 30 });
    await s.enrol(9101);
    token = await tokenFor(s.t, s.shop, 9101);
  });

  it('upload and submit_receipt with Host: evil.attacker.test: the merchant sees imageUrls at PUBLIC_URL', async () => {
    const sharp = (await import('sharp')).default;
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#3c3' } })
      .png()
      .toBuffer();
    const uploaded = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/upload`)
      .set(bearer(token))
      .set(SPOOFED)
      .send({ images: [{ imageBase64: png.toString('base64'), imageName: 'r.png', imageType: 'image/png' }] })
      .expect(200);
    const [url] = expectSuccess(uploaded.body).urls as string[];
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/uploads/${s.shop.shopId}/[^/]+/[0-9a-f]{32}\\.png$`));

    await s.t
      .http()
      .post(`${HEADLESS}/customer/earn`)
      .set(bearer(token))
      .set(SPOOFED)
      .send({ programId: receipt, context: { imageUrls: [url] } })
      .expect(200);
    const listed = expectSuccess((await s.get('/submissions?status=pending').set(SPOOFED).expect(200)).body);
    expect(listed).toHaveLength(1);
    expect(listed[0].imageUrls).toEqual([url]);
  });

  it('an upload URL at another address is refused once PUBLIC_URL is set (400 INVALID_INPUT)', async () => {
    const res = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn`)
      .set(bearer(token))
      .send({ programId: receipt, context: { imageUrls: [`http://${EVIL}/uploads/x/y/${'a'.repeat(32)}.png`] } })
      .expect(400);
    expect(res.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'context.imageUrls[0]' });
  });
});
