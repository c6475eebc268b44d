import { CustomerCommand } from '../../customer-ledger';
import { CommandMeta } from '../../customer-stream';
import { CustomerEvent, CustomerEventType as T, ReferralTerms } from '../../customer-events';
import { customerStreamId } from '../../customer-stream';
import { enrolCustomer, ledgerRun } from '../../../../test/support/customer-ledger-given';
import { onStream, projectionSpec, projectionStore } from '../../../../test/support/projection-spec';
import { referralRuleOf } from '../../../programs/kinds/referral-rule';
import { REFERRALS, ReferralDoc, REFERRAL_CODES, ReferralCodeDoc } from './referral-read-models';
import { ReferralViewProjection } from './referral-view.projection';
import { ReferralCodesProjection } from './referral-codes.projection';
import { FriendNote } from '../domain/referrer.decisions';
import { referralCodeFor } from '../domain/referral-code';

/** The referral history, from the referrer's stream alone; each event delivered twice (see projectionSpec). */
describe('referral view projection', () => {
  const readStore = projectionStore();
  const terms = (rule = {}): ReferralTerms => ({
    programId: 'p-ref',
    programTitle: 'Refer',
    rule: referralRuleOf(rule),
    points: 300,
    limit: null,
  });
  const note =
    (key: string, stage: FriendNote['stage'], source: string, fields: Partial<FriendNote> = {}) =>
    (meta: CommandMeta): CustomerCommand => ({
      type: 'NoteReferralFriend',
      meta,
      note: {
        stage,
        friendKey: key,
        friendLabel: `${key}•••@e•••.com`,
        friendCustomerId: stage === 'invited' ? null : `c-${key}`,
        programId: 'p-ref',
        via: 'claim',
        reason: null,
        sourceEventId: source,
        ...fields,
      },
    });
  const qualify =
    (key: string, t: ReferralTerms) =>
    (meta: CommandMeta): CustomerCommand => ({
      type: 'QualifyReferral',
      meta,
      friend: { key, label: `${key}•••@e•••.com`, customerId: `c-${key}` },
      qualifiedEventId: `q-${key}`,
      orderId: `o-${key}`,
      qualifiedAt: meta.occurredAt,
      terms: t,
      fingerprints: [],
      exclusion: null,
      tiers: [],
    });
  const cancel =
    (key: string) =>
    (meta: CommandMeta): CustomerCommand => ({
      type: 'CancelReferralReward',
      meta,
      friendKey: key,
      cause: 'order_refunded',
    });

  it('friends invited, joined, qualified, rewarded, refused; a reward cancelled before payment; one reversed after', async () => {
    const referrer = ledgerRun({ shopId: 's1', customerId: 'rita', platformCustomerId: 1 });
    const log: CustomerEvent[] = [];
    const at = (day: number) => `2026-03-0${day}T10:00:00.000Z`;
    const run = (day: number, command: (meta: CommandMeta) => CustomerCommand) =>
      log.push(...referrer.run(at(day), command));
    run(1, (meta) => enrolCustomer(meta, { platformCustomerId: 1, email: 'rita@example.com' }));
    run(1, note('ann', 'invited', 'claim-ann'));
    run(2, note('ann', 'joined', 'att-ann'));
    run(3, qualify('ann', terms()));
    run(2, note('bob', 'invited', 'claim-bob'));
    run(3, note('bob', 'refused', 'ref-bob', { reason: 'already_customer' }));
    run(3, note('cat', 'joined', 'att-cat'));
    run(4, qualify('cat', terms({ waitingDays: 10 })));
    run(5, cancel('cat'));
    run(4, note('dan', 'joined', 'att-dan'));
    run(4, qualify('dan', terms()));
    run(6, cancel('dan'));
    const spec = projectionSpec(new ReferralViewProjection(), readStore());
    const stream = customerStreamId('s1', 'rita');
    await spec.given(
      onStream(
        stream,
        log.filter((e) => new ReferralViewProjection().handles(e.type)),
      ),
    );
    const docs = await spec.all<ReferralDoc>(REFERRALS);
    const row = (key: string) => docs.find((d) => d.friendKey === key)!;
    expect(row('ann')).toMatchObject({
      id: 'rita:ann',
      referrerId: 'rita',
      state: 'rewarded',
      pointsEarned: 300,
      friendLabel: 'ann•••@e•••.com',
      friendCustomerId: 'c-ann',
      invitedAt: at(1),
      joinedAt: at(2),
      qualifiedAt: at(3),
      rewardedAt: at(3),
      rewardDueAt: null,
    });
    expect(row('bob')).toMatchObject({
      state: 'refused',
      reason: 'already_customer',
      refusedAt: at(3),
      joinedAt: null,
    });
    expect(row('cat')).toMatchObject({ state: 'refused', reason: 'order_refunded', pointsEarned: 0, rewardedAt: null });
    expect(row('dan')).toMatchObject({
      state: 'refused',
      reason: 'order_refunded',
      pointsEarned: 0,
      rewardedAt: at(4),
    });
    expect(log.filter((e) => e.type === T.PointsRevoked)).toHaveLength(1);
  });

  it('referral codes: one per enrolled customer, keyed by shop and code', async () => {
    const spec = projectionSpec(new ReferralCodesProjection(), readStore());
    const customer = ledgerRun({ shopId: 's1', customerId: 'rita', platformCustomerId: 1 });
    const enrolled = customer.run(at0, (meta) => enrolCustomer(meta, { platformCustomerId: 1 }));
    await spec.given(onStream(customerStreamId('s1', 'rita'), enrolled));
    const code = referralCodeFor('rita');
    expect(await spec.then<ReferralCodeDoc>(REFERRAL_CODES, `s1:${code}`)).toEqual({
      id: `s1:${code}`,
      shopId: 's1',
      code,
      customerId: 'rita',
    });
  });
});

const at0 = '2026-03-01T00:00:00.000Z';
