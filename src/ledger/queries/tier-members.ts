import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { TierMembers } from '../../tiers/tier-members.port';
import { CUSTOMERS } from '../read-models/ledger-read-models';

/** The tier ladder's TIER_MEMBERS port: members counted live from the customers read model. */
@Injectable()
export class CustomerTierMembers implements TierMembers {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async count(shopId: string, tierId: string): Promise<number> {
    return (await this.readStore.collection(CUSTOMERS)).count({ shopId, tierId });
  }
}
