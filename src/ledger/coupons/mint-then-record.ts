import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  COMMERCE_PLATFORM,
  CommercePlatform,
  DiscountRequest,
} from '../../infrastructure/commerce-platform/commerce-platform.port';
import { CombinedWith } from '../../shared/domain/discount-combination';
import { DomainError } from '../../shared/domain/domain-error';

/** A reward's code that combines with none of the shop's other discounts. */
export const COMBINED_WITH_NOTHING: CombinedWith = {
  orderDiscounts: false,
  productDiscounts: false,
  shippingDiscounts: false,
};

/** What the commerce platform answers for a minted code, as the ledger records it. */
export interface MintedCode {
  rewardId: string;
  couponCode: string;
  discountId: string | null;
  priceRuleId: string | null;
}

/** How to take a saga's earlier steps back, named for the log when that fails too. */
export interface Compensation {
  what: string;
  run: () => Promise<unknown>;
}

/**
 * What becomes of minted codes when recording them fails: `disable` them (the refusal must leave no
 * usable code behind), or keep them for the retry (the reward id is derived from what is rewarded,
 * so the retry mints the same code and records it).
 */
export type WhenRecordingFails = 'disable' | 'keepForRetry';

const isIdempotencyConflict = (error: unknown) => error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT';

/**
 * Runs a step of a saga; when it fails, runs the compensation of the steps before it (logged if that
 * fails too). Not on an idempotency conflict: the earlier steps' work belongs to the first request.
 */
export async function compensated<T>(step: () => Promise<T>, compensation: Compensation | null, logger: Logger) {
  try {
    return await step();
  } catch (error) {
    if (compensation && !isIdempotencyConflict(error))
      await compensation.run().catch((e) => logger.error(`${compensation.what}: ${e}`));
    throw error;
  }
}

/**
 * "Mint, then record", the one shape of every coupon the ledger grants: the code is minted on the
 * commerce platform (idempotent per reward id), then recorded on the customer's stream, with the
 * compensation named when recording fails. The grant's check runs before, so a refused grant
 * mints nothing.
 */
@Injectable()
export class CouponMinting {
  private readonly logger = new Logger('CouponMinting');

  constructor(@Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform) {}

  /** Mints one code under its reward id; `terms` are what the ledger records beside it. */
  async mint<R extends object>(request: DiscountRequest, terms: R): Promise<MintedCode & R> {
    const discount = await this.platform.createDiscount(request);
    const code = {
      rewardId: request.rewardId,
      couponCode: discount.code,
      discountId: discount.discountId,
      priceRuleId: discount.priceRuleId,
    };
    return { ...code, ...terms };
  }

  /** The compensation of minted codes: disabled on the platform. */
  disabling(shopId: string, codes: string[]): Compensation {
    return {
      what: `Could not disable ${codes.join(', ')}`,
      run: () => Promise.all(codes.map((code) => this.platform.disableDiscount(shopId, code))),
    };
  }

  /** Mints every code, then records them all with `record`; `whenRecordingFails` names the compensation. */
  async mintThenRecord<R extends object, T>(
    shopId: string,
    coupons: Array<{ request: DiscountRequest; terms: R }>,
    record: (minted: Array<MintedCode & R>) => Promise<T>,
    whenRecordingFails: WhenRecordingFails,
  ): Promise<T> {
    const minted: Array<MintedCode & R> = [];
    for (const { request, terms } of coupons) minted.push(await this.mint(request, terms));
    const undo =
      whenRecordingFails === 'disable'
        ? this.disabling(
            shopId,
            minted.map((m) => m.couponCode),
          )
        : null;
    return compensated(() => record(minted), undo, this.logger);
  }
}
