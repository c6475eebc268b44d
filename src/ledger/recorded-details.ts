import { Inject, Injectable } from '@nestjs/common';
import { storedEvent } from '../event-sourcing/domain-event';
import { EVENT_STORE, EventStore, RecordedEvent } from '../infrastructure/event-store/event-store.port';
import { couponProgramOf } from './coupons/coupons.state';
import { customerLedger } from './customer-ledger';
import { CustomerState } from './customer-state';
import { CustomerEvent, CustomerEventType as T } from './customer-events';
import { orderRefOf } from './orders/orders.state';
import { lacksRecordedDetails, RowDetails, RowEvent } from './projections/transaction-rows';

/**
 * The event as the decider records it today, from the ledger's state just before it: the same state
 * and the same functions (orderRefOf, couponProgramOf) the decider uses, so an old event's row shows
 * what a new one's would (an upcast). Fills in only what is missing.
 */
export function withRecordedDetails(event: RowEvent, before: CustomerState): RowEvent {
  switch (event.type) {
    case T.PointsPending:
      return event.balance === undefined ? { ...event, balance: before.points } : event;
    case T.PointsAwarded: {
      const order = event.order ? before.orders.get(event.order.orderId) : undefined;
      if (!event.releasesPending || event.pendingTransactionId !== undefined || !order?.pendingTransactionId)
        return event;
      return { ...event, pendingTransactionId: order.pendingTransactionId };
    }
    case T.PointsRevoked: {
      const order = event.order ? before.orders.get(event.order.orderId) : undefined;
      if (!event.order || event.order.orderName !== null || !order) return event;
      return { ...event, order: orderRefOf(order, event.order.orderId) };
    }
    case T.CouponRefunded: {
      const coupon = before.coupons[event.couponCode];
      if (event.program || !coupon) return event;
      return { ...event, program: couponProgramOf(coupon) };
    }
    default:
      return event;
  }
}

const PAGE = 1000n;

/**
 * The ledger's side of ROW_DETAILS: only events that lack a detail cost anything, a fold of their
 * stream up to them, continued from where the session left that stream.
 */
@Injectable()
export class LedgerRowDetails implements RowDetails {
  constructor(@Inject(EVENT_STORE) private readonly eventStore: EventStore) {}

  session() {
    const folded = new Map<string, { next: bigint; state: CustomerState }>();
    return async (recorded: RecordedEvent, event: RowEvent): Promise<RowEvent> => {
      if (!lacksRecordedDetails(event)) return event;
      let at = folded.get(recorded.streamId);
      if (!at || at.next > recorded.revision) at = { next: 0n, state: customerLedger.initialState() };
      while (at.next < recorded.revision) {
        const left = recorded.revision - at.next;
        const page = await this.eventStore.readStream(recorded.streamId, at.next, Number(left < PAGE ? left : PAGE));
        if (page.length === 0) break;
        let state: CustomerState = at.state;
        for (const e of page) state = customerLedger.evolve(state, storedEvent<CustomerEvent>(e));
        at = { next: page[page.length - 1].revision + 1n, state };
      }
      folded.set(recorded.streamId, at);
      return withRecordedDetails(event, at.state);
    };
  }
}
