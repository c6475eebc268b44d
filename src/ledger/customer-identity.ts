import { deterministicUuid } from '../shared/domain/ids';

/**
 * A customer's internal id is derived from the shop and the platform customer id, so the same
 * platform customer always maps to the same stream: enrolling twice cannot create two customers.
 */
export function customerIdFor(shopId: string, platformCustomerId: number | string): string {
  return deterministicUuid('customer', shopId, String(platformCustomerId));
}

/** Platform ids are positive integers that fit a JSON number exactly. */
export function parsePlatformCustomerId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
