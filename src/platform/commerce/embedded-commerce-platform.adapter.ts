import { randomBytes } from 'node:crypto';
import { CollectionDefinition, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { CommercePlatform, Discount, DiscountRequest } from './commerce-platform.port';

interface DiscountDoc {
  id: string;
  shopId: string;
  code: string;
  rewardType: string;
  rewardValue: number | null;
  expiresAt: string | null;
  status: 'active' | 'disabled';
  createdAt: string;
}

const DISCOUNTS: CollectionDefinition = { name: 'platform_discounts', indexes: [['shopId', 'code']] };
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** Unambiguous characters (no 0/O, 1/I), 10 of them: about 50 bits. */
function newCode(): string {
  const bytes = randomBytes(10);
  return `LOY-${[...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('')}`;
}

/** Discount codes kept in this service's own store: unique per shop, one per reward id. */
export class EmbeddedCommercePlatform implements CommercePlatform {
  constructor(private readonly readStore: ReadStore) {}

  async createDiscount(request: DiscountRequest): Promise<Discount> {
    const discounts = await this.readStore.collection<DiscountDoc>(DISCOUNTS);
    const existing = await discounts.get(request.rewardId);
    if (existing) return { code: existing.code, discountId: existing.id, priceRuleId: null };
    let code = newCode();
    while (await discounts.findOne({ shopId: request.shopId, code })) code = newCode();
    await discounts.put({
      id: request.rewardId,
      shopId: request.shopId,
      code,
      rewardType: request.rewardType,
      rewardValue: request.rewardValue,
      expiresAt: request.expiresAt,
      status: 'active',
      createdAt: new Date().toISOString(),
    });
    return { code, discountId: request.rewardId, priceRuleId: null };
  }

  async disableDiscount(shopId: string, code: string): Promise<void> {
    const discounts = await this.readStore.collection<DiscountDoc>(DISCOUNTS);
    const doc = await discounts.findOne({ shopId, code });
    if (doc) await discounts.put({ ...doc, status: 'disabled' });
  }
}
