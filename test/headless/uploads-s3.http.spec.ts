import { CreateBucketCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { S3RVER_CREDENTIALS, S3TestServer, startS3TestServer } from '../support/s3-test-server';
import { bearer, HEADLESS, tokenFor } from './headless-support';

const BUCKET = 'loyalty-uploads';

/** OBJECT_STORAGE=s3: the service keeps uploads in the bucket, serves them, and checks claims against it. */
describe(`uploads kept in an S3-compatible bucket (s3rver) (${defaultStoreKind()})`, () => {
  let server: S3TestServer;
  beforeAll(async () => {
    server = await startS3TestServer();
    await server.client().send(new CreateBucketCommand({ Bucket: BUCKET }));
  });
  const s = scenario(() => ({
    env: {
      OBJECT_STORAGE: 's3',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: server.endpoint,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
  }));
  afterAll(() => server.stop());

  it('an upload lands in the bucket, is served at its URL, and a receipt may attach it', async () => {
    await s.enrol(8001);
    const token = await tokenFor(s.t, s.shop, 8001);
    const png = await sharp({ create: { width: 3, height: 2, channels: 3, background: '#08f' } })
      .png()
      .toBuffer();
    const res = await s.t
      .http()
      .post(`${HEADLESS}/customer/earn/upload`)
      .set(bearer(token))
      .send({ images: [{ imageBase64: png.toString('base64'), imageName: 'r.png', imageType: 'image/png' }] })
      .expect(200);
    const [url] = expectSuccess(res.body).urls as string[];
    const key = new URL(url).pathname.slice('/uploads/'.length);
    const stored = await server.client().send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    expect(stored.ContentType).toBe('image/png');
    const kept = Buffer.from(await stored.Body!.transformToByteArray());
    expect(await sharp(kept).metadata()).toMatchObject({ format: 'png', width: 3, height: 2 });

    const served = await s.t.http().get(new URL(url).pathname).expect(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, kept)).toBe(0);

    const receipt = await s.earning('submit_receipt', 'Receipt', { earnPoint: 10 });
    const earn = (imageUrls: string[]) =>
      s.t
        .http()
        .post(`${HEADLESS}/customer/earn`)
        .set(bearer(token))
        .send({ programId: receipt, context: { imageUrls } });
    expect(expectSuccess((await earn([url]).expect(200)).body)).toMatchObject({ status: 'pending' });
    const never = url.replace(/[0-9a-f]{32}/, 'f'.repeat(32));
    expect((await earn([never]).expect(400)).body.error).toMatchObject({ code: 'INVALID_INPUT' });
  });
});
