import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { positionToString } from '../../infrastructure/event-store/event-store.port';
import { because } from '../../shared/domain/domain-error';
import {
  ActiveCoupon,
  activeCouponsOf,
  balancesOf,
  countAsOf,
  CustomerHistory,
  emptyHistory,
  evolveHistory,
} from '../domain/customer-history';
import { CustomerStream, CustomerStreamReader } from './customer-stream';

/** A customer's figures as the fold of the events that had taken effect by `asOf` gives them. */
export class CustomerStateAsOfQuery {
  constructor(
    readonly shopId: string,
    readonly customerRef: string,
    readonly asOf: Date | null,
  ) {}
}

export interface CustomerStateAsOf {
  customerId: string;
  platformCustomerId: number | null;
  asOf: string | null;
  /** The last event counted: its revision, global position and effective time. */
  revision: number;
  position: string;
  occurredAt: string;
  balance: number;
  pendingPoints: number;
  tierId: string | null;
  tierName: string | null;
  tierPoint: number;
  earnedTotal: number;
  activeCoupons: ActiveCoupon[];
}

/** Folds a loaded stream as of an instant; 404 when the customer had not been enrolled by then. */
export function historyAsOf(stream: CustomerStream, asOf: Date | null): CustomerHistory {
  const counted = countAsOf(stream.events, asOf);
  let history = emptyHistory();
  for (let i = 0; i < counted; i++) history = evolveHistory(history, stream.events[i]);
  if (!history.state.enrolled) throw because.notFound('Customer');
  return history;
}

@QueryHandler(CustomerStateAsOfQuery)
export class CustomerStateAsOfHandler implements IQueryHandler<CustomerStateAsOfQuery, CustomerStateAsOf> {
  constructor(private readonly streams: CustomerStreamReader) {}

  async execute({ shopId, customerRef, asOf }: CustomerStateAsOfQuery): Promise<CustomerStateAsOf> {
    const stream = await this.streams.load(shopId, customerRef);
    const history = historyAsOf(stream, asOf);
    const last = stream.events[Number(history.revision)];
    const { balance, pendingPoints, tierId, tierName, tierPoint, earnedTotal } = balancesOf(history);
    return {
      customerId: stream.customerId,
      platformCustomerId: history.state.platformCustomerId,
      asOf: asOf?.toISOString() ?? null,
      revision: Number(history.revision),
      position: positionToString(last.position)!,
      occurredAt: (last.data as { occurredAt: string }).occurredAt,
      balance,
      pendingPoints,
      tierId,
      tierName,
      tierPoint,
      earnedTotal,
      activeCoupons: activeCouponsOf(history.state),
    };
  }
}
