import { expectError, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor } from './headless-support';

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
  const photo = ['https://cdn.example.com/u/receipt.png'];

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
    expect(pending).toMatchObject({ event: 'submit_receipt', imageUrls: photo, points: 30 });
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
    expectError((await earn({ programId: ids.maps }).expect(400)).body, 'LIMIT_REACHED', 400);
    const [first] = await pendingOf(ids.maps);
    await s.post(`/submissions/${first.id}/reject`, { reason: 'No review found' }).expect(200);
    expect((await program(ids.maps)).googleReview).toMatchObject({ status: 'rejected' });
    await earn({ programId: ids.maps }).expect(200);
    const [second] = await pendingOf(ids.maps);
    await s.post(`/submissions/${second.id}/approve`, {}).expect(200);
    expect((await program(ids.maps)).googleReview).toMatchObject({ status: 'approved', statusText: 'Review approved' });
    expectError((await earn({ programId: ids.maps }).expect(400)).body, 'LIMIT_REACHED', 400);
    expect(await s.balance(7001)).toBe(145);
  });
});
