/**
 * The field types the spec-shape tests check answers against: one type, or several joined by `|`
 * (`integer|null`), each of
 * - a JSON type: `null`, `string`, `number` (finite), `boolean`, `array`, `object` (not an array);
 * - `integer`;
 * - `date-time`: ISO 8601 with a zone (`Z` or an offset), fractions of a second optional;
 * - `utc-date-time`: ISO 8601 in UTC (`Z`), whole seconds or milliseconds;
 * - `iso-instant`: exactly as `Date#toISOString` writes it (UTC, milliseconds);
 * - `money-string`: a decimal string with two places (`"12.50"`);
 * - `map of string`: an object whose values are all strings;
 * - a list of the values allowed, joined by `,` (`earn_point,redeem_point`).
 */
export type FieldType = string;

const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;

const isObject = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const CHECKS: Record<string, (value: unknown) => boolean> = {
  null: (value) => value === null,
  string: (value) => typeof value === 'string',
  integer: (value) => Number.isInteger(value),
  number: (value) => typeof value === 'number' && Number.isFinite(value),
  boolean: (value) => typeof value === 'boolean',
  array: (value) => Array.isArray(value),
  object: isObject,
  'date-time': (value) => typeof value === 'string' && DATE_TIME.test(value),
  'utc-date-time': (value) => typeof value === 'string' && UTC_DATE_TIME.test(value),
  'iso-instant': (value) =>
    typeof value === 'string' && !Number.isNaN(Date.parse(value)) && new Date(value).toISOString() === value,
  'money-string': (value) => typeof value === 'string' && /^\d+\.\d{2}$/.test(value),
  'map of string': (value) => isObject(value) && Object.values(value).every((v) => typeof v === 'string'),
};

/** Whether `value` is of `type` (see FieldType); an unknown type name throws, so a typo cannot pass. */
export function fitsType(value: unknown, type: FieldType): boolean {
  return type.split('|').some((one) => {
    if (one in CHECKS) return CHECKS[one](value);
    if (one.includes(',')) return one.split(',').includes(value as string);
    throw new Error(`unknown field type ${one}`);
  });
}
