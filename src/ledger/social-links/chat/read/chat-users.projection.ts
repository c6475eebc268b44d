import { Injectable } from '@nestjs/common';
import { CollectionDefinition } from '../../../../infrastructure/read-store/read-store.port';
import { RecordedEvent } from '../../../../infrastructure/event-store/event-store.port';
import { fromRecorded } from '../../../../event-sourcing/domain-event';
import { handlesEventTypes, Projection } from '../../../../projections/projection';
import { ProjectionBatch } from '../../../../projections/projection-batch';
import { CustomerEvent, CustomerEventType as T } from '../../../customer-events';

/** Which customer of a shop a chat user (its keyed hash) is linked to. */
export interface ChatUserDoc {
  /** `<shopId>|<userRef>`. */
  id: string;
  shopId: string;
  userRef: string;
  customerId: string;
}

export const CHAT_USERS: CollectionDefinition = { name: 'chat_users_v1', indexes: [['customerId']] };

export const chatUserDocId = (shopId: string, userRef: string) => `${shopId}|${userRef}`;

/**
 * The chat users linked to customers, found by a follow notification (which names only the user):
 * each link points its user at the customer (the latest link wins); an erasure forgets the customer's.
 */
@Injectable()
export class ChatUsersProjection implements Projection {
  readonly name = 'chat_users_v1';
  readonly collections = [CHAT_USERS];
  readonly handles = handlesEventTypes([T.ChatLinked, T.PersonalDataErased]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const users = batch.collection<ChatUserDoc>(CHAT_USERS);
    for (const recorded of events) {
      const e = fromRecorded<CustomerEvent>(recorded);
      if (e.type === T.ChatLinked) {
        const { shopId, customerId, userRef } = e;
        users.put({ id: chatUserDocId(shopId, userRef), shopId, userRef, customerId });
      } else if (e.type === T.PersonalDataErased) {
        for (const doc of await users.findEqual({ customerId: e.customerId })) users.delete(doc.id);
      }
    }
  }
}
