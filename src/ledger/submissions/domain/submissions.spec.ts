import { CustomerCommand } from '../../customer-ledger';
import { CustomerEvent, CustomerEventType as T } from '../../customer-events';
import { EarningLimitPolicy } from '../../../shops/domain/shop-events';
import { givenCustomer, ledgerSpec as spec } from '../../../../test/support/customer-ledger-given';
import { SubmitEntry } from './submissions.decisions';
import { customerWebhookMessages } from '../../customer-webhooks';

const { meta, enrolled: enrolledAs, awarded } = givenCustomer();
const enrolled = enrolledAs({ tierId: null, tierName: null });

const FORM = { programId: 'form', programTitle: 'Tell us', event: 'submit_form', points: 40 };
const submit = (
  program: Partial<SubmitEntry['program']> = {},
  extra: Partial<SubmitEntry> = {},
  submissionId = 's-1',
): CustomerCommand => ({
  type: 'SubmitEntry',
  meta: meta(),
  submissionId,
  program: { ...FORM, autoApprove: false, instantPoints: 0, ...program },
  answers: { favourite: 'Green tea' },
  imageUrls: [],
  source: 'source_headless',
  tiers: [],
  ...extra,
});
const decide = (decision: 'approve' | 'reject', extra: Record<string, unknown> = {}): CustomerCommand => ({
  type: 'DecideSubmission',
  meta: meta('2026-03-02T10:00:00.000Z'),
  submissionId: 's-1',
  decision,
  reason: decision === 'reject' ? 'Blurry photo' : null,
  source: 'rest_api',
  tiers: [],
  ...extra,
});
const limit = (maxPoints: number): EarningLimitPolicy => ({ enabled: true, maxPoints, period: 'month', tiers: [] });

/** The events of a pending submission s-1. */
const pending = (): CustomerEvent[] => [enrolled, ...spec.given([enrolled]).when(submit()).events()];

describe('customer ledger: form and survey submissions', () => {
  it('without autoApprove a submission is pending and pays nothing', () => {
    spec
      .given([enrolled])
      .when(submit())
      .thenMatches([
        {
          type: T.SubmissionReceived,
          submissionId: 's-1',
          status: 'pending',
          program: FORM,
          answers: { favourite: 'Green tea' },
          imageUrls: [],
          pointsEarned: 0,
        },
      ]);
  });

  it('with autoApprove it is approved and its points are paid at once, as a payment of the program', () => {
    spec
      .given([enrolled])
      .when(submit({ autoApprove: true }))
      .thenMatches([
        { type: T.SubmissionReceived, status: 'approved', pointsEarned: 40 },
        {
          type: T.PointsAwarded,
          points: 40,
          oldPoint: 0,
          newPoint: 40,
          event: 'submit_form',
          program: { programId: 'form', programTitle: 'Tell us', earnBy: 'flat', rateMoney: null },
        },
      ]);
  });

  it('an instant reward is paid on submission either way (with autoApprove, on top of the points)', () => {
    spec
      .given([enrolled])
      .when(submit({ instantPoints: 5 }))
      .thenMatches([
        { type: T.SubmissionReceived, status: 'pending', pointsEarned: 5 },
        { type: T.PointsAwarded, points: 5, newPoint: 5 },
      ]);
    spec
      .given([enrolled])
      .when(submit({ instantPoints: 5, autoApprove: true }))
      .thenMatches([
        { type: T.SubmissionReceived, status: 'approved', pointsEarned: 45 },
        { type: T.PointsAwarded, points: 45 },
      ]);
  });

  it('approval pays the points recorded at submission, once; a decided submission cannot be decided again (409)', () => {
    const [approved, paid] = spec
      .given(pending())
      .when(decide('approve'))
      .thenMatches([
        { type: T.SubmissionApproved, submissionId: 's-1', programId: 'form', pointsEarned: 40, reason: null },
        { type: T.PointsAwarded, points: 40, newPoint: 40, event: 'submit_form' },
      ]);
    spec
      .given([...pending(), approved, paid])
      .when(decide('approve'))
      .thenThrows('ALREADY_DECIDED', 409);
    spec
      .given([...pending(), approved, paid])
      .when(decide('reject'))
      .thenThrows('ALREADY_DECIDED', 409);
  });

  it('rejection pays nothing and is final', () => {
    const [rejected] = spec
      .given(pending())
      .when(decide('reject'))
      .thenMatches([{ type: T.SubmissionRejected, submissionId: 's-1', reason: 'Blurry photo' }]);
    spec
      .given([...pending(), rejected])
      .when(decide('approve'))
      .thenThrows('ALREADY_DECIDED', 409);
  });

  it('an unknown submission is 404 NOT_FOUND', () => {
    spec.given([enrolled]).when(decide('approve')).thenThrows('NOT_FOUND', 404);
  });

  it("approval pays what the shop's earning limit leaves, possibly nothing, and still approves", () => {
    spec
      .given([...pending(), awarded(90, 0, { program: { programId: 'x' } })])
      .when(decide('approve', { earningLimit: limit(100) }))
      .thenMatches([
        { type: T.SubmissionApproved, pointsEarned: 10 },
        { type: T.PointsAwarded, points: 10 },
      ]);
    spec
      .given([...pending(), awarded(100, 0, { program: { programId: 'x' } })])
      .when(decide('approve', { earningLimit: limit(100) }))
      .thenMatches([{ type: T.SubmissionApproved, pointsEarned: 0 }]);
  });

  it('a submission that would pay now is refused (LIMIT_REACHED) when the earning limit is used up; a pending one is taken', () => {
    const full = [enrolled, awarded(100, 0, { program: { programId: 'x' } })];
    spec
      .given(full)
      .when(submit({ autoApprove: true }, { earningLimit: limit(100) }))
      .thenThrows('LIMIT_REACHED', 400);
    spec
      .given(full)
      .when(submit({}, { earningLimit: limit(100) }))
      .thenMatches([{ type: T.SubmissionReceived, status: 'pending' }]);
  });

  it("the program's own limit counts submissions (rejected ones give the place back)", () => {
    const once = { limit: { unit: 'day' as const, times: 1 } };
    const first = spec.given([enrolled]).when(submit(once)).events();
    spec
      .given([enrolled, ...first])
      .when(submit(once, {}, 's-2'))
      .thenThrows('LIMIT_REACHED', 400);
    const rejected = spec
      .given([enrolled, ...first])
      .when(decide('reject'))
      .events();
    spec
      .given([enrolled, ...first, ...rejected])
      .when(submit(once, {}, 's-2'))
      .thenMatches([{ type: T.SubmissionReceived, submissionId: 's-2' }]);
  });

  it('a form that pays on submission and sets no limit takes one submission per customer; a set limit allows more', () => {
    for (const paying of [{ instantPoints: 5 }, { autoApprove: true }]) {
      const form = { form: true, ...paying };
      const first = spec.given([enrolled]).when(submit(form)).events();
      expect(first.filter((e) => e.type === T.PointsAwarded)).toHaveLength(1);
      spec
        .given([enrolled, ...first])
        .when(submit(form, {}, 's-2'))
        .thenThrows('LIMIT_REACHED', 400);
      // The same submission decided again (a retry) records nothing and is not refused.
      spec
        .given([enrolled, ...first])
        .when(submit(form))
        .thenMatches([]);
      const twice = { ...form, limit: { unit: 'day' as const, times: 2 } };
      spec
        .given([enrolled, ...first])
        .when(submit(twice, {}, 's-2'))
        .thenMatches([{ type: T.SubmissionReceived, submissionId: 's-2' }, { type: T.PointsAwarded }]);
    }
    // A form that pays only on the merchant's approval keeps taking submissions (each is moderated).
    const unpaid = spec
      .given([enrolled])
      .when(submit({ form: true }))
      .events();
    spec
      .given([enrolled, ...unpaid])
      .when(submit({ form: true }, {}, 's-2'))
      .thenMatches([{ type: T.SubmissionReceived, submissionId: 's-2', status: 'pending' }]);
  });

  it('only members submit: a guest who has not joined is NOT_ELIGIBLE', () => {
    spec
      .given([enrolledAs({ tierId: null, tierName: null, membership: 'guest' } as never)])
      .when(submit())
      .thenThrows('NOT_ELIGIBLE', 403);
  });
});

describe('submission webhooks', () => {
  it('a decision is submission/decided (approved with what it paid, or rejected with the reason); a submission sends nothing', () => {
    const customer = givenCustomer({ email: 'ada@example.com' });
    const events = [customer.enrolled({ tierId: null, tierName: null })];
    const received = spec.given(events).when(submit()).events();
    expect(received.flatMap(customerWebhookMessages)).toEqual([]);
    const [approved] = spec
      .given([...events, ...received])
      .when(decide('approve'))
      .events();
    const [rejected] = spec
      .given([...events, ...received])
      .when(decide('reject'))
      .events();
    const fields = { submissionId: 's-1', programId: 'form', decidedAt: '2026-03-02T10:00:00.000Z' };
    const ref = { id: 'c', platformCustomerId: 9, email: 'ada@example.com' };
    expect(customerWebhookMessages(approved)).toEqual([
      {
        topic: 'submission/decided',
        orderingKey: 'c',
        fields: { customer: ref, ...fields, status: 'approved', pointsEarned: 40, reason: null },
      },
    ]);
    expect(customerWebhookMessages(rejected)).toEqual([
      {
        topic: 'submission/decided',
        orderingKey: 'c',
        fields: { customer: ref, ...fields, status: 'rejected', pointsEarned: 0, reason: 'Blurry photo' },
      },
    ]);
  });
});

describe('customer ledger: map reviews are sent again only after a rejection', () => {
  const maps = (id: string) =>
    submit({ programId: 'maps', event: 'maps_review', points: 60, onlyAfterRejection: true }, {}, id);
  const decideOn = (id: string, decision: 'approve' | 'reject') => ({
    ...(decide(decision) as Extract<CustomerCommand, { type: 'DecideSubmission' }>),
    submissionId: id,
  });

  it('null -> pending (a second is LIMIT_REACHED) -> rejected (sent again) -> approved (final)', () => {
    const first = spec.given([enrolled]).when(maps('m-1')).events();
    spec
      .given([enrolled, ...first])
      .when(maps('m-2'))
      .thenThrows('LIMIT_REACHED', 400);
    const rejected = spec
      .given([enrolled, ...first])
      .when(decideOn('m-1', 'reject'))
      .events();
    const again = spec
      .given([enrolled, ...first, ...rejected])
      .when(maps('m-2'))
      .thenMatches([{ type: T.SubmissionReceived, submissionId: 'm-2', status: 'pending' }]);
    const approved = spec
      .given([enrolled, ...first, ...rejected, ...again])
      .when(decideOn('m-2', 'approve'))
      .thenMatches([{ type: T.SubmissionApproved }, { type: T.PointsAwarded, points: 60, event: 'maps_review' }]);
    spec
      .given([enrolled, ...first, ...rejected, ...again, ...approved])
      .when(maps('m-3'))
      .thenThrows('LIMIT_REACHED', 400);
  });
});
