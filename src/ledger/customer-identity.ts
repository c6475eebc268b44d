import { deterministicUuid } from '../shared/domain/ids';

/** Ids derived before: the hash cost about 10 us on every award and read by platform id. */
const knownIds = new Map<string, string>();

/**
 * A customer's internal id is derived from the shop and the platform customer id, so the same
 * platform customer always maps to the same stream: enrolling twice cannot create two customers.
 */
export function customerIdFor(shopId: string, platformCustomerId: number | string): string {
  const key = `${shopId}\u0000${platformCustomerId}`;
  let id = knownIds.get(key);
  if (id === undefined) {
    id = deterministicUuid('customer', shopId, String(platformCustomerId));
    if (knownIds.size >= 100_000) knownIds.clear();
    knownIds.set(key, id);
  }
  return id;
}

/** Platform ids are positive integers that fit a JSON number exactly. */
export function parsePlatformCustomerId(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^[1-9]\d{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}
