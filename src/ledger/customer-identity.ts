import { deterministicUuid, remembered } from '../shared/domain/ids';
import { PlatformCustomerId, platformIdValue, platformIdDigits } from '../shared/domain/platform-ids';

/** Remembered: the hash cost about 10 us on every award and read by platform id. */
const customerIds = remembered((shopAndPlatformId) => deterministicUuid('customer', shopAndPlatformId));

/**
 * A customer's internal id is derived from the shop and the platform customer id, so the same
 * platform customer always maps to the same stream: enrolling twice cannot create two customers.
 * (deterministicUuid joins its parts with NUL, so this is deterministicUuid('customer', shopId, id).)
 */
export function customerIdFor(shopId: string, platformCustomerId: PlatformCustomerId | string): string {
  return customerIds(`${shopId}\u0000${platformCustomerId}`);
}

/** A platform customer id from a number or a string of digits (any 64-bit id: see platform-ids). */
export function parsePlatformCustomerId(value: unknown): PlatformCustomerId | null {
  const digits = platformIdDigits(value);
  return digits === null ? null : platformIdValue(digits);
}
