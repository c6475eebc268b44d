/** Type guards for checking input the compiler cannot vouch for (merchant settings, stored JSON), without casts. */

export function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `value` is one of `options` (and so of their type). */
export function isOneOf<T>(options: readonly T[], value: unknown): value is T {
  return options.some((option) => option === value);
}

/** The fields of `changes` whose value differs from `current`'s (compared as JSON). */
export function changedFields<T extends object>(current: T, changes: Partial<T>): Partial<T> {
  const changed: Partial<T> = {};
  for (const key in changes) {
    if (!Object.prototype.hasOwnProperty.call(changes, key)) continue;
    if (JSON.stringify(changes[key]) !== JSON.stringify(current[key])) changed[key] = changes[key];
  }
  return changed;
}
