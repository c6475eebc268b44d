import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import {
  CUSTOMER_REDEMPTIONS,
  CustomerRedemptionsDoc,
  customerRedemptionsId,
  PROGRAM_REDEMPTIONS,
  ProgramRedemptionsDoc,
  programRedemptionsId,
} from './redeemed-counts.projection';

/** The projected redemption counts, as the read queries take them: numbers (refunded coupons do not count). */
@Injectable()
export class RedeemedCounts {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  /** How many redemptions of each program by one customer count (a program it never redeemed: 0). */
  async ofCustomer(shopId: string, customerId: string): Promise<(programId: string) => number> {
    const doc = await (
      await this.readStore.collection<CustomerRedemptionsDoc>(CUSTOMER_REDEMPTIONS)
    ).get(customerRedemptionsId(shopId, customerId));
    return (programId) => doc?.redeemed[programId] ?? 0;
  }

  /** How many of the shop's redemptions of a program count. */
  async ofShop(shopId: string, programId: string): Promise<number> {
    const doc = await (
      await this.readStore.collection<ProgramRedemptionsDoc>(PROGRAM_REDEMPTIONS)
    ).get(programRedemptionsId(shopId, programId));
    return doc?.redeemed ?? 0;
  }
}
