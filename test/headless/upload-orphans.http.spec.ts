import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor, uploadedImage } from './headless-support';

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Uploads no claim references are deleted once older than UPLOAD_ORPHAN_TTL_SECONDS (2 s here, so the
 * sweep runs every second); an upload a claim attached stays, served at its URL.
 */
describe(`headless upload orphan sweep (${defaultStoreKind()})`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'uploads-orphans-'));
  const s = scenario(() => ({ env: { UPLOADS_DIR: dir, UPLOAD_ORPHAN_TTL_SECONDS: '2' } }));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const served = async (url: string) => (await s.t.http().get(new URL(url).pathname)).status;

  it('an unattached upload is deleted after the TTL; one attached to a receipt is kept', async () => {
    const receipt = await s.earning('submit_receipt', 'Receipt', { earnPoint: 30 });
    await s.enrol(4401);
    const token = await tokenFor(s.t, s.shop, 4401);
    const attached = await uploadedImage(s.t, token);
    const orphan = await uploadedImage(s.t, token);
    await s.t
      .http()
      .post(`${HEADLESS}/customer/earn`)
      .set(bearer(token))
      .send({ programId: receipt, context: { imageUrls: [attached] } })
      .expect(200);
    expect([await served(attached), await served(orphan)]).toEqual([200, 200]);
    for (let i = 0; i < 40 && (await served(orphan)) !== 404; i++) await settle(250);
    expect(await served(orphan)).toBe(404);
    // Past the TTL and a sweep or two later, the attached one is still there.
    await settle(1500);
    expect(await served(attached)).toBe(200);
    const [pending] = expectSuccess((await s.get('/submissions?status=pending').expect(200)).body);
    expect(pending.imageUrls.map((u: string) => new URL(u).pathname)).toEqual([new URL(attached).pathname]);
  });
});
