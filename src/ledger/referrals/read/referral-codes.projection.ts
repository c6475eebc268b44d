import { Injectable } from '@nestjs/common';
import { RecordedEvent } from '../../../infrastructure/event-store/event-store.port';
import { handlesEventTypes, Projection } from '../../../projections/projection';
import { ProjectionBatch } from '../../../projections/projection-batch';
import { fromRecorded } from '../../../event-sourcing/domain-event';
import { CustomerEnrolled, CustomerEventType as T } from '../../customer-events';
import { REFERRAL_CODES, ReferralCodeDoc, referralCodeDocId } from './referral-read-models';
import { referralCodeFor } from '../domain/referral-code';

/**
 * Referral codes to customers: a code is derived from the customer id (so nothing reverses it), and a
 * claim or an order names only the code. One document per enrolled customer, written once.
 */
@Injectable()
export class ReferralCodesProjection implements Projection {
  readonly name = REFERRAL_CODES.name;
  readonly collections = [REFERRAL_CODES];
  readonly handles = handlesEventTypes([T.Enrolled]);

  async apply(events: RecordedEvent[], batch: ProjectionBatch): Promise<void> {
    const codes = batch.collection<ReferralCodeDoc>(REFERRAL_CODES);
    for (const recorded of events) {
      const { shopId, customerId } = fromRecorded<CustomerEnrolled>(recorded);
      const code = referralCodeFor(customerId);
      codes.put({ id: referralCodeDocId(shopId, code), shopId, code, customerId });
    }
  }
}
