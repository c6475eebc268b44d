import request from 'supertest';
import { expectError, expectRefusal, expectSuccess, scenario } from '../support/scenario';
import { defaultStoreKind } from '../support/stores';
import { bearer, HEADLESS, tokenFor, uploadedImage } from './headless-support';

/**
 * `POST /customer/earn` for forms and surveys, and their moderation through v2
 * (`GET /submissions`, `POST /submissions/{id}/approve|reject`).
 */
describe(`storefront forms and surveys, moderated in v2 (${defaultStoreKind()})`, () => {
  const s = scenario();
  const ids: Record<string, string> = {};
  let token: string;
  const earn = (body: object, as = token) => s.t.http().post(`${HEADLESS}/customer/earn`).set(bearer(as)).send(body);
  const list = async (query = '') => (await s.get(`/submissions${query ? `?${query}` : ''}`).expect(200)).body;

  beforeAll(async () => {
    ids.form = await s.earning('submit_form', 'Tell us', { earnPoint: 40 });
    ids.survey = await s.earning('fill_survey', 'Survey', {
      earnPoint: 30,
      form: {
        autoApprove: true,
        instantRewardEnabled: true,
        instantRewardPoints: 5,
        headerImage: 'https://cdn.example.com/h.png',
      },
    });
    ids.photoForm = await s.earning('submit_form', 'Show us', {
      earnPoint: 10,
      form: { requireImage: true, instantRewardEnabled: true, instantRewardPoints: 2 },
    });
    ids.limited = await s.earning('submit_form', 'Once a day', {
      earnPoint: 10,
      hasLimit: true,
      limitUnit: 'day',
      limitInterval: 1,
    });
    ids.off = await s.earning('submit_form', 'Off', { earnPoint: 10, status: false });
    ids.follow = await s.earning('follow_photo', 'Follow', { earnPoint: 10 });
    await s.enrol(3001);
    await s.enrol(3002);
    token = await tokenFor(s.t, s.shop, 3001);
  });

  it('the form settings are written through v2 programs and shown on the personalised program', async () => {
    const program = expectSuccess((await s.get(`/programs/${ids.survey}`).expect(200)).body);
    expect(program.form).toEqual({
      headerImage: 'https://cdn.example.com/h.png',
      successIconUrl: '',
      requireImage: false,
      autoApprove: true,
      instantRewardEnabled: true,
      instantRewardPoints: 5,
    });
    const mine = expectSuccess(
      (await s.t.http().get(`${HEADLESS}/customer/programs`).set(bearer(token)).expect(200)).body,
    );
    const form = mine.find((p: { id: string }) => p.id === ids.form);
    expect(form).toMatchObject({ key: 'submit_form', isEarned: false, points: 40 });
    expect(form.form).toEqual({
      headerImage: '',
      successIconUrl: '',
      requireImage: false,
      autoApprove: false,
      instantRewardEnabled: false,
      instantRewardPoints: 0,
    });
    expect(mine.find((p: { id: string }) => p.id === ids.follow).form).toBeNull();
    // A form is refused on other kinds, and its fields are checked.
    await expectRefusal(
      s.post('/programs', { type: 'earning', event: 'follow_video', title: 'x', earnPoint: 1, form: {} }),
      'BAD_REQUEST',
      400,
    );
    const bad = await expectRefusal(
      s.post('/programs', {
        type: 'earning',
        event: 'submit_form',
        title: 'x',
        earnPoint: 1,
        form: { instantRewardPoints: -1 },
      }),
      'BAD_REQUEST',
      400,
    );
    expect(bad.message).toMatch(/instantRewardPoints/);
  });

  it('autoApprove pays at once (earned), with the instant reward on top', async () => {
    const res = await earn({ programId: ids.survey, context: { answers: { q1: 'Yes' } } }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(expectSuccess(res.body)).toEqual({
      programId: ids.survey,
      key: 'fill_survey',
      status: 'earned',
      pointsEarned: 35,
      totalPoints: 35,
    });
    const [approved] = (await list(`status=approved&programId=${ids.survey}`)).data;
    expect(approved).toMatchObject({ status: 'approved', points: 30, pointsEarned: 35, answers: { q1: 'Yes' } });
  });

  it('without autoApprove the submission is pending until the merchant approves it; approval pays once (409 after)', async () => {
    const res = await earn({ programId: ids.form, context: { answers: { why: 'Love the tea' } } }).expect(200);
    expect(expectSuccess(res.body)).toEqual({
      programId: ids.form,
      key: 'submit_form',
      status: 'pending',
      pointsEarned: 0,
      totalPoints: 35,
    });
    const page = await list(`status=pending&platformCustomerId=3001`);
    expect(page.meta.pagination).toEqual({ hasNext: false, hasPre: false });
    expect(page.data).toHaveLength(1);
    const submission = page.data[0];
    expect(submission).toEqual({
      id: expect.any(String),
      customerId: expect.any(String),
      platformCustomerId: 3001,
      email: 'c3001@example.com',
      programId: ids.form,
      programTitle: 'Tell us',
      event: 'submit_form',
      status: 'pending',
      points: 40,
      pointsEarned: 0,
      answers: { why: 'Love the tea' },
      imageUrls: [],
      reason: null,
      createdAt: expect.any(String),
      decidedAt: null,
      updatedAt: expect.any(String),
    });
    const approved = expectSuccess((await s.post(`/submissions/${submission.id}/approve`, {}).expect(200)).body);
    expect(approved).toMatchObject({ id: submission.id, status: 'approved', pointsEarned: 40, reason: null });
    expect(approved.decidedAt).toEqual(expect.any(String));
    expect(await s.balance(3001)).toBe(75);
    expectError((await s.post(`/submissions/${submission.id}/approve`, {}).expect(409)).body, 'ALREADY_DECIDED', 409);
    expectError((await s.post(`/submissions/${submission.id}/reject`, {}).expect(409)).body, 'ALREADY_DECIDED', 409);
    expect(await s.balance(3001)).toBe(75);
    const [row] = expectSuccess((await s.transactions('platformCustomerId=3001&limit=1').expect(200)).body);
    expect(row).toMatchObject({ earnPoint: 40, programId: ids.form, event: 'submit_form', newPoint: 75 });
  });

  it('reject keeps the reason and pays nothing; an unknown or other-shop id is 404', async () => {
    await earn({ programId: ids.form }).expect(200);
    const [pending] = (await list('status=pending')).data;
    const rejected = expectSuccess(
      (await s.post(`/submissions/${pending.id}/reject`, { reason: 'Not a real answer' }).expect(200)).body,
    );
    expect(rejected).toMatchObject({ status: 'rejected', pointsEarned: 0, reason: 'Not a real answer' });
    expect((await list('status=rejected')).data.map((d: { id: string }) => d.id)).toEqual([pending.id]);
    expect(await s.balance(3001)).toBe(75);
    await expectRefusal(s.post('/submissions/nope/approve', {}), 'NOT_FOUND', 404);
    const other = await s.newShop();
    await expectRefusal(other.post(`/submissions/${pending.id}/approve`, {}), 'NOT_FOUND', 404);
    expect((await other.get('/submissions').expect(200)).body.data).toEqual([]);
    await expectRefusal(s.post(`/submissions/${pending.id}/reject`, { reason: 5 }), 'BAD_REQUEST', 400);
  });

  it('a form that requires an image: 400 without one; the instant reward pays on a pending submission', async () => {
    const missing = await earn({ programId: ids.photoForm }).expect(400);
    expect(expectError(missing.body, 'BAD_REQUEST', 400).field).toBe('context.imageUrls');
    for (const imageUrls of [
      [],
      ['ftp://x/y.png'],
      [
        'https://a/1.png',
        'https://a/2.png',
        'https://a/3.png',
        'https://a/4.png',
        'https://a/5.png',
        'https://a/6.png',
      ],
      'https://a/1.png',
    ])
      expectError(
        (await earn({ programId: ids.photoForm, context: { imageUrls } }).expect(400)).body,
        'BAD_REQUEST',
        400,
      );
    const image = await uploadedImage(s.t, token);
    const ok = await earn({ programId: ids.photoForm, context: { imageUrls: [image] } }).expect(200);
    expect(expectSuccess(ok.body)).toEqual({
      programId: ids.photoForm,
      key: 'submit_form',
      status: 'pending',
      pointsEarned: 2,
      totalPoints: 77,
    });
    const [mine] = (await list(`programId=${ids.photoForm}`)).data;
    expect(mine).toMatchObject({ status: 'pending', pointsEarned: 2 });
    expect(new URL(mine.imageUrls[0]).pathname).toBe(new URL(image).pathname);
  });

  it('bad input and refusals: BAD_REQUEST, INVALID_PROGRAM, LIMIT_REACHED, 401 without a token', async () => {
    expectError((await earn({}).expect(400)).body, 'BAD_REQUEST', 400);
    expectError((await earn({ programId: ids.form, context: 'x' }).expect(400)).body, 'BAD_REQUEST', 400);
    expectError(
      (await earn({ programId: ids.form, context: { answers: { q: 5 } } }).expect(400)).body,
      'BAD_REQUEST',
      400,
    );
    for (const programId of ['missing', ids.off, ids.follow])
      expectError((await earn({ programId }).expect(400)).body, 'INVALID_PROGRAM', 400);
    const spending = await s.spending('free_shipping', 'Ship', { pointsCost: 100 });
    expectError((await earn({ programId: spending }).expect(400)).body, 'INVALID_PROGRAM', 400);
    await earn({ programId: ids.limited }).expect(200);
    expectError((await earn({ programId: ids.limited }).expect(400)).body, 'LIMIT_REACHED', 400);
    const res = await s.t.http().post(`${HEADLESS}/customer/earn`).send({ programId: ids.form }).expect(401);
    expect(res.body).toEqual({});
    await expectRefusal(s.get('/submissions?status=maybe'), 'BAD_REQUEST', 400);
  });

  it("a shopper's token reaches only their own stream; the list pages with cursors", async () => {
    const other = await tokenFor(s.t, s.shop, 3002);
    await earn({ programId: ids.form, context: { answers: { a: '1' } } }, other).expect(200);
    await earn({ programId: ids.form, context: { answers: { a: '2' } } }, other).expect(200);
    const theirs = await list('platformCustomerId=3002&limit=1&hasCount=true');
    expect(theirs.meta.pagination).toEqual({ hasNext: true, hasPre: false, total: 2, totalPage: 2 });
    expect(theirs.data[0].answers).toEqual({ a: '2' });
    const next = await list(`platformCustomerId=3002&limit=1&after=${theirs.data[0].id}`);
    expect(next.data[0].answers).toEqual({ a: '1' });
    expect(next.meta.pagination).toEqual({ hasNext: false, hasPre: true });
    expect(await s.balance(3002)).toBe(0);
  });

  it('an opt-in guest who has not joined is 403 NOT_ELIGIBLE; v2 moderation without the shop keys is 401', async () => {
    const optIn = await s.newShop();
    await optIn.put('/settings/membership', { optInEnrollment: true }).expect(200);
    const form = (await optIn.program({ type: 'earning', event: 'submit_form', title: 'Tell us', earnPoint: 5 })).id;
    await optIn.enrol(3101);
    const guest = await tokenFor(s.t, optIn.shop, 3101);
    expectError((await earn({ programId: form }, guest).expect(403)).body, 'NOT_ELIGIBLE', 403);
    expect((await optIn.get('/submissions').expect(200)).body.data).toEqual([]);
    await s.t.http().get('/rest_api/v2/submissions').expect(401);
    await s.t.http().post('/rest_api/v2/submissions/x/approve').send({}).expect(401);
  });

  it('a form with an instant reward and no limit pays once per customer: 40 concurrent submissions, one paid and moderated', async () => {
    const instant = await s.earning('submit_form', 'Quick poll', {
      earnPoint: 10,
      form: { instantRewardEnabled: true, instantRewardPoints: 10 },
    });
    await s.enrol(3003);
    const mine = await tokenFor(s.t, s.shop, 3003);
    // On PostgreSQL the submissions go to two service instances at once.
    const apps = defaultStoreKind() === 'postgres' ? [s.t.app, await s.t.secondInstance()] : [s.t.app];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        request(apps[i % apps.length].getHttpServer())
          .post(`${HEADLESS}/customer/earn`)
          .set(bearer(mine))
          .send({ programId: instant, context: { answers: { q: String(i) } } }),
      ),
    );
    const taken = answers.filter((r) => r.status === 200);
    expect(taken.map((r) => r.body.data)).toEqual([
      { programId: instant, key: 'submit_form', status: 'pending', pointsEarned: 10, totalPoints: 10 },
    ]);
    for (const refused of answers.filter((r) => r.status !== 200)) expectError(refused.body, 'LIMIT_REACHED', 400);
    expect(await s.balance(3003)).toBe(10);
    expect((await list(`programId=${instant}&platformCustomerId=3003`)).data).toHaveLength(1);
    // A program that sets a higher limit takes that many.
    const twice = await s.earning('submit_form', 'Twice a day', {
      earnPoint: 10,
      hasLimit: true,
      limitUnit: 'day',
      limitInterval: 2,
      form: { instantRewardEnabled: true, instantRewardPoints: 1 },
    });
    await earn({ programId: twice }, mine).expect(200);
    await earn({ programId: twice }, mine).expect(200);
    expectError((await earn({ programId: twice }, mine).expect(400)).body, 'LIMIT_REACHED', 400);
  });
});
