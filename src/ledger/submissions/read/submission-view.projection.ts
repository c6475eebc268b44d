import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../../projections/projection';
import { ProjectionBatch } from '../../../projections/projection-batch';
import { fromRecorded } from '../../../event-sourcing/domain-event';
import {
  CustomerEventType as T,
  PersonalDataErased,
  SubmissionEvent,
  SubmissionReceived,
  SubmissionStatus,
} from '../../customer-events';
import { PlatformCustomerId } from '../../../shared/domain/platform-ids';

/** A form or survey submission as the merchant's moderation list shows it (v2 `GET /submissions`). */
export interface SubmissionDoc {
  id: string;
  shopId: string;
  customerId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  programId: string;
  programTitle: string;
  event: string;
  status: SubmissionStatus;
  /** What approval pays (recorded at submission). */
  points: number;
  /** Points paid so far: on submission (instant reward, auto-approval) plus on approval. */
  pointsEarned: number;
  answers: Record<string, string>;
  imageUrls: string[];
  reason: string | null;
  decidedAt: string | null;
  /** The customer stream's revision last applied: a redelivered event changes nothing. */
  revision: number;
  sortKey: string;
  createdAt: string;
  updatedAt: string;
}

export const SUBMISSIONS: CollectionDefinition = {
  name: 'submissions_v1',
  indexes: [
    ['shopId', 'sortKey'],
    ['shopId', 'status', 'sortKey'],
  ],
  numericFields: ['platformCustomerId', 'points', 'pointsEarned'],
};

function received(e: SubmissionReceived, revision: number): SubmissionDoc {
  return {
    id: e.submissionId,
    shopId: e.shopId,
    customerId: e.customerId,
    platformCustomerId: e.platformCustomerId,
    email: e.email,
    programId: e.program.programId,
    programTitle: e.program.programTitle,
    event: e.program.event,
    status: e.status,
    points: e.program.points,
    pointsEarned: e.pointsEarned,
    answers: e.answers,
    imageUrls: e.imageUrls,
    reason: null,
    decidedAt: e.status === 'approved' ? e.occurredAt : null,
    revision,
    sortKey: `${e.occurredAt}|${revision.toString().padStart(12, '0')}`,
    createdAt: e.occurredAt,
    updatedAt: e.occurredAt,
  };
}

/** The submission after a decision on it. */
function decided(doc: SubmissionDoc, e: Exclude<SubmissionEvent, SubmissionReceived>, revision: number): SubmissionDoc {
  const approved = e.type === T.SubmissionApproved;
  return {
    ...doc,
    status: approved ? 'approved' : 'rejected',
    pointsEarned: doc.pointsEarned + (approved ? e.pointsEarned : 0),
    reason: e.reason,
    decidedAt: e.occurredAt,
    revision,
    updatedAt: e.occurredAt,
  };
}

/** The moderation list, from the submission events of customers' streams; an erasure blanks what the shopper wrote. */
@Injectable()
export class SubmissionViewProjection implements Projection {
  readonly name = SUBMISSIONS.name;
  readonly collections = [SUBMISSIONS];
  readonly handles = handlesEventTypes([
    T.SubmissionReceived,
    T.SubmissionApproved,
    T.SubmissionRejected,
    T.PersonalDataErased,
  ]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const submissions = batch.collection<SubmissionDoc>(SUBMISSIONS);
    for (const recorded of events) {
      const e = fromRecorded<SubmissionEvent | PersonalDataErased>(recorded);
      const revision = Number(recorded.revision);
      if (e.type === T.PersonalDataErased) {
        const theirs = await submissions.findEqual({ shopId: e.shopId, customerId: e.customerId });
        for (const doc of theirs) submissions.put({ ...doc, email: null, answers: {}, imageUrls: [], reason: null });
        continue;
      }
      if (e.type === T.SubmissionReceived) {
        if (!(await submissions.get(e.submissionId))) submissions.put(received(e, revision));
        continue;
      }
      const doc = await submissions.get(e.submissionId);
      if (doc && revision > doc.revision) submissions.put(decided(doc, e, revision));
    }
  }
}
