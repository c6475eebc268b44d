import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { PlatformCustomerId } from '../../shared/domain/platform-ids';

/** A coupon bought with points (spec 2.9 Reward). */
export interface RewardDoc {
  id: string;
  shopId: string;
  customerId: string;
  platformCustomerId: PlatformCustomerId;
  email: string | null;
  couponCode: string;
  programId: string | null;
  programTitle: string | null;
  programDescription: string | null;
  rewardType: string;
  rewardValue: number | null;
  pointsSpent: number;
  orderReqAmount: string | null;
  expiredAt: string | null;
  discountStatus: 'active' | 'refunded' | 'used' | 'expired';
  sortKey: string;
  createdAt: string;
  updatedAt: string;
}

/** v2: a tier coupon's programId is the tier reward it was granted for. */
export const REWARDS: CollectionDefinition = {
  name: 'rewards_v2',
  indexes: [
    ['customerId', 'sortKey'],
    ['shopId', 'couponCode'],
  ],
};
