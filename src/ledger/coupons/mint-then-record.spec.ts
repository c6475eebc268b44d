import { Logger } from '@nestjs/common';
import { CommercePlatform, DiscountRequest } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { because } from '../../shared/domain/domain-error';
import { COMBINED_WITH_NOTHING, compensated, CouponMinting } from './mint-then-record';

/** A platform that mints `CODE-<rewardId>` and records what it was asked. */
function platformDouble() {
  const calls: string[] = [];
  const platform = {
    createDiscount: async (request: DiscountRequest) => {
      calls.push(`create ${request.rewardId}`);
      return { code: `CODE-${request.rewardId}`, discountId: `d-${request.rewardId}`, priceRuleId: null };
    },
    disableDiscount: async (_shopId: string, code: string) => void calls.push(`disable ${code}`),
  };
  return { platform: platform as unknown as CommercePlatform, calls };
}

const request = (rewardId: string): DiscountRequest => ({
  shopId: 'shop',
  rewardId,
  rewardType: 'amount_discount',
  rewardValue: 5,
  orderReqAmount: null,
  expiresAt: null,
  title: 'Five off',
  platformCustomerId: 1,
  combinedWith: COMBINED_WITH_NOTHING,
  entitledVariantIds: [],
});

describe('mint, then record', () => {
  it('records every minted code with its terms', async () => {
    const { platform, calls } = platformDouble();
    const recorded = await new CouponMinting(platform).mintThenRecord(
      'shop',
      [
        { request: request('r1'), terms: { redeemType: 'fixed' } },
        { request: request('r2'), terms: { redeemType: 'fixed' } },
      ],
      async (minted) => minted,
      'disable',
    );
    expect(recorded).toEqual([
      { rewardId: 'r1', couponCode: 'CODE-r1', discountId: 'd-r1', priceRuleId: null, redeemType: 'fixed' },
      { rewardId: 'r2', couponCode: 'CODE-r2', discountId: 'd-r2', priceRuleId: null, redeemType: 'fixed' },
    ]);
    expect(calls).toEqual(['create r1', 'create r2']);
  });

  it('disables the minted codes when recording is refused, if so named', async () => {
    const { platform, calls } = platformDouble();
    const refused = new CouponMinting(platform).mintThenRecord(
      'shop',
      [{ request: request('r1'), terms: {} }],
      () => Promise.reject(because.badRequest('not enough points')),
      'disable',
    );
    await expect(refused).rejects.toThrow('not enough points');
    expect(calls).toEqual(['create r1', 'disable CODE-r1']);
  });

  it('keeps the minted codes for the retry when so named', async () => {
    const { platform, calls } = platformDouble();
    const refused = new CouponMinting(platform).mintThenRecord(
      'shop',
      [{ request: request('r1'), terms: {} }],
      () => Promise.reject(new Error('store unavailable')),
      'keepForRetry',
    );
    await expect(refused).rejects.toThrow('store unavailable');
    expect(calls).toEqual(['create r1']);
  });

  it('does not compensate an idempotency conflict: the earlier steps belong to the first request', async () => {
    const undone: string[] = [];
    const step = () => Promise.reject(because.idempotencyConflict('key-1'));
    const compensation = { what: 'release', run: async () => void undone.push('released') };
    await expect(compensated(step, compensation, new Logger('test'))).rejects.toThrow('key-1');
    expect(undone).toEqual([]);
  });
});
