import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../projections/projection';
import { ProjectionBatch } from '../../projections/projection-batch';
import { fromRecorded } from '../../event-sourcing/domain-event';
import { PrivacyEvent, PrivacyEventType } from '../domain/privacy-requests';
import { PRIVACY_REQUESTS, PrivacyRequestDoc, privacyDocId } from './privacy-read-models';

/** The shop's privacy requests: what was asked, what was erased, and when. */
@Injectable()
export class PrivacyRequestViewProjection implements Projection {
  readonly name = PRIVACY_REQUESTS.name;
  readonly collections = [PRIVACY_REQUESTS];
  readonly handles = handlesEventTypes(Object.values(PrivacyEventType));

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const requests = batch.collection<PrivacyRequestDoc>(PRIVACY_REQUESTS);
    for (const recorded of events) {
      const event = fromRecorded<PrivacyEvent>(recorded);
      const id = privacyDocId(event.shopId, event.requestId);
      const revision = recorded.revision.toString();
      const doc = await requests.get(id);
      if (doc && BigInt(doc.streamRevision) >= recorded.revision) continue;
      if (event.type === PrivacyEventType.Received) {
        requests.put({
          id,
          shopId: event.shopId,
          requestId: event.requestId,
          kind: event.kind,
          customerId: event.customerId,
          platformCustomerId: event.platformCustomerId,
          source: event.source,
          receivedAt: event.occurredAt,
          completedAt: null,
          erasedCustomerIds: [],
          streamRevision: revision,
        });
      } else if (doc) {
        requests.put({
          ...doc,
          completedAt: event.occurredAt,
          erasedCustomerIds: event.erasedCustomerIds,
          streamRevision: revision,
        });
      }
    }
  }
}
