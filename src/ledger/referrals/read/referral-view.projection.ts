import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../../projections/projection';
import { ProjectionBatch, StagedCollection } from '../../../projections/projection-batch';
import { fromRecorded } from '../../../event-sourcing/domain-event';
import { assertNever } from '../../../shared/domain/decider';
import {
  CustomerEventType as T,
  ReferralFriendNoted,
  ReferralFriendQualified,
  ReferralRefundAfterReward,
  ReferralRewardCancelled,
  ReferralRewardEarned,
} from '../../customer-events';
import { REFERRALS, ReferralDoc, referralDocId } from './referral-read-models';
import { ReferralClaimEvent, ReferralClaimEventType as C } from '../domain/referral-claim.decider';

type ReferrerEvent =
  | ReferralFriendNoted
  | ReferralFriendQualified
  | ReferralRewardEarned
  | ReferralRewardCancelled
  | ReferralRefundAfterReward;

const STAGE_AT = { invited: 'invitedAt', joined: 'joinedAt', refused: 'refusedAt' } as const;
const RANK = { invited: 0, joined: 1, qualified: 2, rewarded: 3, refused: 3 } as const;

function newDoc(e: ReferrerEvent, recorded: RecordedEvent, referrerId = e.customerId): ReferralDoc {
  return {
    id: referralDocId(referrerId, e.friendKey),
    shopId: e.shopId,
    referrerId,
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
 * A claim before sign-up (on the friend's claim stream, never the referrer's): the friend invited, or
 * refused, in the row of the referrer the code named. As a note, it never moves a row back, so it
 * needs no revision of the referrer's stream (and keeps the row's).
 */
async function applyClaim(rows: StagedCollection<ReferralDoc>, recorded: RecordedEvent): Promise<void> {
  const e = fromRecorded<ReferralClaimEvent>(recorded);
  if (e.referrerId === null) return;
  const refused = e.type === C.Refused;
  const note = {
    type: T.ReferralFriendNoted,
    customerId: e.referrerId,
    shopId: e.shopId,
    occurredAt: e.occurredAt,
    stage: refused ? 'refused' : 'invited',
    friendKey: e.friendKey,
    friendLabel: e.friendLabel,
    friendCustomerId: null,
    programId: e.programId,
    via: 'claim',
    reason: refused ? e.reason : null,
  } as unknown as ReferralFriendNoted;
  const doc = (await rows.get(referralDocId(e.referrerId, e.friendKey))) ?? newDoc(note, recorded, e.referrerId);
  rows.put({ ...doc, ...noted(doc, note), updatedAt: e.occurredAt });
}

/**
 * The referral history (`referrals_v1`): one row per friend of a referrer, from the referrer's
 * stream (which notes the friend's side once they are a customer), so a row's stream revision makes
 * a redelivery a no-op; and from the claims made before sign-up (see `applyClaim`).
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
    C.Claimed,
    C.Refused,
  ]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const rows = batch.collection<ReferralDoc>(REFERRALS);
    for (const recorded of events) {
      if (recorded.type === C.Claimed || recorded.type === C.Refused) {
        await applyClaim(rows, recorded);
        continue;
      }
      const e = fromRecorded<ReferrerEvent>(recorded);
      const doc = (await rows.get(referralDocId(e.customerId, e.friendKey))) ?? newDoc(e, recorded);
      if (BigInt(doc.streamRevision) >= recorded.revision) continue;
      rows.put({ ...doc, ...changeOf(doc, e), updatedAt: e.occurredAt, streamRevision: recorded.revision.toString() });
    }
  }
}
