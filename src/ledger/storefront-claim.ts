import { ActiveProgram } from '../programs/domain/order-earning';

/** What a shopper sends with a storefront claim (`POST /customer/earn` `context`), already validated in shape. */
export interface EarnContext {
  /** Forms and surveys: the answers, by question. */
  answers?: Record<string, string>;
  /** Photos attached (receipts, forms that require an image): URLs answered by the upload route. */
  imageUrls?: string[];
  /** Birthday picker: the ids of the chosen options. */
  birthdayRewards?: string[];
}

/** A storefront claim as one kind's handler receives it: the program found, whose stream, what was sent. */
export interface StorefrontClaim {
  shopId: string;
  customerId: string;
  program: ActiveProgram;
  context: EarnContext;
  source: string;
}

/** The answer of `POST /customer/earn`: `earned` when the claim paid now, `pending` when it waits for the merchant. */
export interface EarnResult {
  programId: string;
  key: string;
  status: 'earned' | 'pending';
  pointsEarned: number;
  totalPoints: number;
}
