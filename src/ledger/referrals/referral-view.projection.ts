import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { assertNever } from '../../shared/domain/decider';
import {
  CustomerEventType as T,
  ReferralFriendNoted,
  ReferralFriendQualified,
  ReferralRefundAfterReward,
  ReferralRewardCancelled,
  ReferralRewardEarned,
} from '../events/customer-events';
import { REFERRALS, ReferralDoc, referralDocId } from './referral-read-models';

type ReferrerEvent =
  | ReferralFriendNoted
  | ReferralFriendQualified
  | ReferralRewardEarned
  | ReferralRewardCancelled
  | ReferralRefundAfterReward;

const STAGE_AT = { invited: 'invitedAt', joined: 'joinedAt', refused: 'refusedAt' } as const;
const RANK = { invited: 0, joined: 1, qualified: 2, rewarded: 3, refused: 3 } as const;

function newDoc(e: ReferrerEvent, recorded: RecordedEvent): ReferralDoc {
  return {
    id: referralDocId(e.customerId, e.friendKey),
    shopId: e.shopId,
    referrerId: e.customerId,
    friendKey: e.friendKey,
    friendLabel: '',
    friendCustomerId: null,
    programId: null,
    state: 'invited',
    reason: null,
    via: null,
    pointsEarned: 0,
    rewardId: null,
    invitedAt: null,
    joinedAt: null,
    qualifiedAt: null,
    rewardDueAt: null,
    rewardedAt: null,
    refusedAt: null,
    createdAt: e.occurredAt,
    updatedAt: e.occurredAt,
    sortKey: `${e.occurredAt}|${recorded.revision.toString().padStart(12, '0')}`,
    streamRevision: '-1',
  };
}

/** A note moves a friend forward (a refusal ends anything but a reward); it never moves one back. */
function noted(doc: ReferralDoc, e: ReferralFriendNoted): Partial<ReferralDoc> {
  const moves = RANK[e.stage] > RANK[doc.state] || (e.stage === 'refused' && doc.state !== 'rewarded');
  return {
    friendLabel: e.friendLabel || doc.friendLabel,
    friendCustomerId: e.friendCustomerId ?? doc.friendCustomerId,
    programId: e.programId ?? doc.programId,
    via: e.via ?? doc.via,
    [STAGE_AT[e.stage]]: doc[STAGE_AT[e.stage]] ?? e.occurredAt,
    ...(moves ? { state: e.stage, reason: e.reason } : {}),
  };
}

/** What an event of the referrer's stream changes in its friend's row. */
function changeOf(doc: ReferralDoc, e: ReferrerEvent): Partial<ReferralDoc> {
  switch (e.type) {
    case T.ReferralFriendNoted:
      return noted(doc, e);
    case T.ReferralFriendQualified:
      return {
        state: 'qualified',
        reason: null,
        friendCustomerId: e.friendCustomerId,
        programId: e.programId,
        qualifiedAt: e.occurredAt,
        rewardDueAt: e.rewardDueAt,
      };
    case T.ReferralRewardEarned:
      return {
        state: 'rewarded',
        friendLabel: e.friendLabel || doc.friendLabel,
        pointsEarned: e.reward.kind === 'points' ? e.reward.points : 0,
        rewardId: e.rewardId,
        rewardedAt: e.occurredAt,
        rewardDueAt: null,
      };
    case T.ReferralRewardCancelled:
      return { state: 'refused', reason: e.cause, refusedAt: e.occurredAt, rewardDueAt: null };
    case T.ReferralRefundAfterReward:
      return e.policy === 'keep'
        ? {}
        : { state: 'refused', reason: e.cause, refusedAt: e.occurredAt, pointsEarned: doc.pointsEarned - e.points };
    default:
      return assertNever(e);
  }
}

/**
 * The referral history (`referrals_v1`): one row per friend of a referrer, from the referrer's
 * stream alone (which notes the friend's side), so a row's stream revision makes a redelivery a no-op.
 */
@Injectable()
export class ReferralViewProjection implements Projection {
  readonly name = REFERRALS.name;
  readonly collections = [REFERRALS];
  readonly handles = handlesEventTypes([
    T.ReferralFriendNoted,
    T.ReferralFriendQualified,
    T.ReferralRewardEarned,
    T.ReferralRewardCancelled,
    T.ReferralRefundAfterReward,
  ]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const rows = batch.collection<ReferralDoc>(REFERRALS);
    for (const recorded of events) {
      const e = fromRecorded<ReferrerEvent>(recorded);
      const doc = (await rows.get(referralDocId(e.customerId, e.friendKey))) ?? newDoc(e, recorded);
      if (BigInt(doc.streamRevision) >= recorded.revision) continue;
      rows.put({ ...doc, ...changeOf(doc, e), updatedAt: e.occurredAt, streamRevision: recorded.revision.toString() });
    }
  }
}
