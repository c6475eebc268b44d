import { CustomerCommand } from '../../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { customerStreamId } from '../../customer-stream';
import { givenCustomer, ledgerSpec } from '../../../../test/support/customer-ledger-given';
import { GivenEvent, projectionSpec, projectionStore } from '../../../../test/support/projection-spec';
import { SubmissionDoc, SUBMISSIONS, SubmissionViewProjection } from './submission-view.projection';

/** The moderation list, each event delivered twice (see projectionSpec); events made by the ledger itself. */
describe('submission view projection', () => {
  const readStore = projectionStore();
  const { meta, enrolled } = givenCustomer({ shopId: 'shop-1', customerId: 'cust-1', email: 'ann@example.com' });
  const start = enrolled({ tierId: null, tierName: null });
  const submit = (id: string, at: string): CustomerCommand => ({
    type: 'SubmitEntry',
    meta: { ...meta(at), newId: () => `${id}-event` },
    submissionId: id,
    program: {
      programId: 'form',
      programTitle: 'Tell us',
      event: 'submit_form',
      points: 40,
      autoApprove: false,
      instantPoints: 5,
    },
    answers: { why: 'Green tea' },
    imageUrls: ['https://cdn.example.com/1.png'],
    source: 'source_headless',
    tiers: [],
  });
  const decide = (id: string, decision: 'approve' | 'reject'): CustomerCommand => ({
    type: 'DecideSubmission',
    meta: meta('2026-03-03T10:00:00.000Z'),
    submissionId: id,
    decision,
    reason: decision === 'reject' ? 'Blurry' : null,
    source: 'rest_api',
    tiers: [],
  });
  const stream = customerStreamId('shop-1', 'cust-1');
  /** Only what the projection reads (points events are other projections'). */
  const given = (events: CustomerEvent[]): GivenEvent[] =>
    events
      .filter((e) => e.type !== T.PointsAwarded && e.type !== T.Enrolled)
      .map((e) => ({ ...e, streamId: stream }) as GivenEvent);

  it('a submission, then its approval; another rejected; an erasure blanks what the shopper wrote', async () => {
    const spec = projectionSpec(new SubmissionViewProjection(), readStore());
    let log: CustomerEvent[] = [start];
    const run = (command: CustomerCommand) => {
      const events = ledgerSpec.given(log).when(command).events();
      log = [...log, ...events];
      return given(events);
    };
    await spec.given([
      ...run(submit('s-1', '2026-03-01T10:00:00.000Z')),
      ...run(submit('s-2', '2026-03-02T10:00:00.000Z')),
    ]);
    await spec.when([...run(decide('s-1', 'approve')), ...run(decide('s-2', 'reject'))]);
    const docs = await spec.all<SubmissionDoc>(SUBMISSIONS);
    expect(docs.map((d) => [d.id, d.status, d.pointsEarned, d.reason, d.decidedAt])).toEqual([
      ['s-1', 'approved', 45, null, '2026-03-03T10:00:00.000Z'],
      ['s-2', 'rejected', 5, 'Blurry', '2026-03-03T10:00:00.000Z'],
    ]);
    expect(docs[0]).toMatchObject({
      shopId: 'shop-1',
      customerId: 'cust-1',
      platformCustomerId: 9,
      email: 'ann@example.com',
      programId: 'form',
      programTitle: 'Tell us',
      event: 'submit_form',
      points: 40,
      answers: { why: 'Green tea' },
      imageUrls: ['https://cdn.example.com/1.png'],
      createdAt: '2026-03-01T10:00:00.000Z',
      updatedAt: '2026-03-03T10:00:00.000Z',
    });
    await spec.when([
      {
        type: T.PersonalDataErased,
        streamId: stream,
        eventId: 'erase',
        occurredAt: '2026-03-04T00:00:00.000Z',
        shopId: 'shop-1',
        customerId: 'cust-1',
        requestId: 'r-1',
        request: 'api',
        source: 'rest_api',
      },
    ]);
    const erased = await spec.all<SubmissionDoc>(SUBMISSIONS);
    expect(erased.map((d) => [d.email, d.answers, d.imageUrls, d.reason, d.status])).toEqual([
      [null, {}, [], null, 'approved'],
      [null, {}, [], null, 'rejected'],
    ]);
  });
});
