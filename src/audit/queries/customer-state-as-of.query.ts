import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { positionToString } from '../../infrastructure/event-store/event-store.port';
import { ActiveCoupon, activeCouponsOf, balancesOf } from '../domain/customer-history';
import { CustomerStreamReader } from './customer-stream';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

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
  platformCustomerId: PlatformCustomerId | null;
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

@QueryHandler(CustomerStateAsOfQuery)
export class CustomerStateAsOfHandler implements IQueryHandler<CustomerStateAsOfQuery, CustomerStateAsOf> {
  constructor(private readonly streams: CustomerStreamReader) {}

  async execute({ shopId, customerRef, asOf }: CustomerStateAsOfQuery): Promise<CustomerStateAsOf> {
    const { customerId, history, last } = await this.streams.foldAsOf(shopId, customerRef, asOf);
    const { balance, pendingPoints, tierId, tierName, tierPoint, earnedTotal } = balancesOf(history);
    return {
      customerId,
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
