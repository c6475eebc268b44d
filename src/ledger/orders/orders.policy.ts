import { CustomerPolicy, whenEnrolled } from '../customer-policy';
import { CustomerEventType as T } from '../customer-event-types';
import { cancelOrder, OrdersCommand, recordOrder, recordRefund } from './orders.decisions';
import { evolveOrders, initialOrders, OrdersShare } from './orders.state';

// The event types this policy reads (the table's keys), and what each does to its share.
const evolve = {
  [T.OrderRecorded]: evolveOrders,
  [T.OrderCancelled]: evolveOrders,
  [T.RefundRecorded]: evolveOrders,
  [T.PointsAwarded]: evolveOrders,
  [T.PointsRevoked]: evolveOrders,
};

/** Orders pay points once; cancellations and refunds take back exactly what they paid. */
export const ordersPolicy: CustomerPolicy<OrdersShare, OrdersCommand, keyof typeof evolve> = {
  name: 'orders',
  initial: initialOrders,
  evolve,
  decide: {
    RecordOrder: whenEnrolled(recordOrder),
    CancelOrder: whenEnrolled(cancelOrder),
    RecordRefund: whenEnrolled(recordRefund),
  },
};
