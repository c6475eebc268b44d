import { deterministicUuid, remembered } from '../shared/domain/ids';

/** Remembered: the hash cost about 10 us on every award and read by platform id. */
const customerIds = remembered((shopAndPlatformId) => deterministicUuid('customer', shopAndPlatformId));

/**
 * A customer's internal id is derived from the shop and the platform customer id, so the same
 * platform customer always maps to the same stream: enrolling twice cannot create two customers.
 * (deterministicUuid joins its parts with NUL, so this is deterministicUuid('customer', shopId, id).)
 */
export function customerIdFor(shopId: string, platformCustomerId: number | string): string {
  return customerIds(`${shopId}\u0000${platformCustomerId}`);
}

/** Platform ids are positive integers that fit a JSON number exactly. */
export function parsePlatformCustomerId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
