import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor, uploadedImage } from './headless-support';

/** Receipts, product reviews and map reviews through `POST /customer/earn`, and their moderation. */
describe(`storefront receipts and reviews (${defaultStoreKind()})`, () => {
  const s = scenario();
  const ids: Record<string, string> = {};
  let token: string;
  const earn = (body: object) => s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(token)).send(body);
  const program = async (id: string) =>
    expectSuccess((await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(token)).expect(200)).body).find(
      (p: { id: string }) => p.id === id,
    );
  const pendingOf = async (programId: string) =>
    expectSuccess((await s.get(`/submissions?status=pending&programId=${programId}`).expect(200)).body);
  /** An image the customer uploaded: the only kind a claim may attach. */
  let photo: string[];

  beforeAll(async () => {
    ids.receipt = await s.earning('submit_receipt', 'Receipt', { earnPoint: 30 });
    ids.review = await s.earning('write_review', 'Review', {
      earnPoint: 20,
      review: { redirectUrl: '//evil.example.com', headerImage: 'https://cdn.example.com/r.png', extraPoints: 15 },
    });
    ids.relative = await s.earning('write_review', 'Review 2', {
      earnPoint: 5,
      review: { redirectUrl: '/pages/thanks' },
    });
    ids.maps = await s.earning('maps_review', 'Maps', {
      earnPoint: 60,
      urlLocation: 'https://maps.example.com/ourshop',
    });
    await s.enrol(7001);
    token = await tokenFor(s.t, s.shop, 7001);
    photo = [await uploadedImage(s.t, token)];
  });

  it('a receipt attaches only images this customer uploaded here: anything else is 400 INVALID_INPUT, nothing recorded', async () => {
    await s.enrol(7002);
    const otherToken = await tokenFor(s.t, s.shop, 7002);
    const theirs = await uploadedImage(s.t, otherToken);
    const otherShop = await s.newShop();
    await otherShop.enrol(7003);
    const otherShopImage = await uploadedImage(s.t, await tokenFor(s.t, otherShop.shop, 7003));
    const refusals: Array<[string, string[], string]> = [
      ['a URL elsewhere', ['https://cdn.example.com/u/receipt.png'], 'context.imageUrls[0]'],
      ["another customer's upload", [photo[0], theirs], 'context.imageUrls[1]'],
      ["another shop's upload", [otherShopImage], 'context.imageUrls[0]'],
      ['a key never stored', [photo[0].replace(/[0-9a-f]{32}/, '0'.repeat(32))], 'context.imageUrls[0]'],
      ['a query added', [`${photo[0]}?x=1`], 'context.imageUrls[0]'],
      ['a path around the key', [photo[0].replace('/uploads/', '/uploads/../uploads/')], 'context.imageUrls[0]'],
    ];
    for (const [what, imageUrls, field] of refusals) {
      const res = await earn({ programId: ids.receipt, context: { imageUrls } });
      expect([what, res.status, res.body.error?.code, res.body.error?.field]).toEqual([
        what,
        400,
        'INVALID_INPUT',
        field,
      ]);
    }
    expect(await pendingOf(ids.receipt)).toEqual([]);
    // The message is about the URL, not about sending images.
    const foreign = await earn({ programId: ids.receipt, context: { imageUrls: ['https://cdn.example.com/u/r.png'] } });
    expect(foreign.body.error.message).toBe(
      'context.imageUrls[0] is not an image you uploaded here: attach only the image links this store gave you for your uploads.',
    );
  });

  it('an upload URL given with another host is recorded at the service’s own address', async () => {
    const elsewhere = photo[0].replace(new URL(photo[0]).host, 'evil.example.com');
    await earn({ programId: ids.receipt, context: { imageUrls: [elsewhere] } }).expect(200);
    const [pending] = await pendingOf(ids.receipt);
    // At the configured address (PUBLIC_URL unset: http://localhost:<PORT>), not the one sent.
    expect(pending.imageUrls).toEqual([expect.stringMatching(/^http:\/\/localhost:\d+\/uploads\//)]);
    expect(new URL(pending.imageUrls[0]).pathname).toBe(new URL(photo[0]).pathname);
    await s.post(`/submissions/${pending.id}/reject`, {}).expect(200);
  });

  it('a receipt needs an image and waits for the merchant; approval pays it', async () => {
    expect(expectError((await earn({ programId: ids.receipt }).expect(400)).body, 'BAD_REQUEST', 400).field).toBe(
      'context.imageUrls',
    );
    expect(
      expectSuccess((await earn({ programId: ids.receipt, context: { imageUrls: photo } }).expect(200)).body),
    ).toEqual({
      programId: ids.receipt,
      key: 'submit_receipt',
      status: 'pending',
      pointsEarned: 0,
      totalPoints: 0,
    });
    const [pending] = await pendingOf(ids.receipt);
    expect(pending).toMatchObject({ event: 'submit_receipt', points: 30 });
    // Rendered at the service's configured address.
    expect(pending.imageUrls.map((u: string) => new URL(u).pathname)).toEqual([new URL(photo[0]).pathname]);
    await s.post(`/submissions/${pending.id}/approve`, {}).expect(200);
    expect(await s.balance(7001)).toBe(30);
  });

  it('a review pays at once, with extraPoints when a photo is attached; its redirect is sanitised', async () => {
    expect((await program(ids.review)).review).toEqual({
      redirectUrl: null,
      headerImage: 'https://cdn.example.com/r.png',
      extraPoints: 15,
    });
    expect((await program(ids.review)).actionUrl).toBeNull();
    expect((await program(ids.relative)).review).toEqual({
      redirectUrl: '/pages/thanks',
      headerImage: '',
      extraPoints: 0,
    });
    const plain = await earn({
      programId: ids.review,
      context: { answers: { rating: '5', text: 'Lovely tea' } },
    }).expect(200);
    expect(plain.body.data).toEqual({
      programId: ids.review,
      key: 'write_review',
      status: 'earned',
      pointsEarned: 20,
      totalPoints: 50,
    });
    const withPhoto = await earn({ programId: ids.review, context: { imageUrls: photo } }).expect(200);
    expect(withPhoto.body.data).toMatchObject({ status: 'earned', pointsEarned: 35, totalPoints: 85 });
    expect((await program(ids.review)).isEarned).toBe(false);
  });

  it('a map review: null -> pending (no second) -> rejected (sent again) -> approved (final)', async () => {
    expect((await program(ids.maps)).googleReview).toEqual({
      urlLocation: 'https://maps.example.com/ourshop',
      status: null,
      statusText: null,
    });
    // isEarned: whether a claim can pay now; a review waiting for the merchant (or approved) cannot be sent again.
    expect((await program(ids.maps)).isEarned).toBe(false);
    const pub = expectSuccess((await s.t.http().get(`${HEADLESS}/programs?shop=${s.shop.domain}`).expect(200)).body);
    expect(pub.find((p: { id: string }) => p.id === ids.maps).googleReview).toEqual({
      urlLocation: 'https://maps.example.com/ourshop',
    });
    expect((await earn({ programId: ids.maps }).expect(200)).body.data).toMatchObject({ status: 'pending' });
    expect((await program(ids.maps)).googleReview).toEqual({
      urlLocation: 'https://maps.example.com/ourshop',
      status: 'pending',
      statusText: 'Your review is being checked',
    });
    expect((await program(ids.maps)).isEarned).toBe(true);
    expectError((await earn({ programId: ids.maps }).expect(400)).body, 'LIMIT_REACHED', 400);
    const [first] = await pendingOf(ids.maps);
    await s.post(`/submissions/${first.id}/reject`, { reason: 'No review found' }).expect(200);
    expect((await program(ids.maps)).googleReview).toMatchObject({ status: 'rejected' });
    expect((await program(ids.maps)).isEarned).toBe(false);
    await earn({ programId: ids.maps }).expect(200);
    const [second] = await pendingOf(ids.maps);
    await s.post(`/submissions/${second.id}/approve`, {}).expect(200);
    expect((await program(ids.maps)).googleReview).toMatchObject({ status: 'approved', statusText: 'Review approved' });
    expect((await program(ids.maps)).isEarned).toBe(true);
    expectError((await earn({ programId: ids.maps }).expect(400)).body, 'LIMIT_REACHED', 400);
    expect(await s.balance(7001)).toBe(145);
  });
});
