import { int, object, oneOf, record, str } from '../../../shared/http/openapi/schema';

/** The records of the earn routes of the storefront API, as their presenters write them. */

/** The answer of `POST /customer/earn`. */
export const EARN_RESULT = record(
  'EarnResult',
  object({
    programId: str,
    key: str,
    status: { ...oneOf('earned', 'pending'), description: 'earned: paid now; pending: waits for the merchant' },
    pointsEarned: int,
    totalPoints: int,
  }),
);
