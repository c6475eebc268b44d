import { stableStringify } from '../../shared/domain/ids';

export interface FieldDifference {
  field: string;
  /** What the read model holds (undefined: the field is missing). */
  readModel: unknown;
  /** What the fold of the log gives. */
  log: unknown;
}

function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  return stableStringify(a) === stableStringify(b);
}

/** Every field whose value differs between a stored document and the one the log gives. */
export function fieldDifferences(stored: object, expected: object): FieldDifference[] {
  const s = new Map<string, unknown>(Object.entries(stored));
  const e = new Map<string, unknown>(Object.entries(expected));
  const differences: FieldDifference[] = [];
  for (const field of new Set([...e.keys(), ...s.keys()])) {
    if (!same(s.get(field), e.get(field))) differences.push({ field, readModel: s.get(field), log: e.get(field) });
  }
  return differences;
}
