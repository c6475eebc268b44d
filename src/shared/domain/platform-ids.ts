/**
 * The commerce platform's ids are 64-bit integers: above 2^53 - 1 a JavaScript number cannot hold
 * them exactly (820982911946154508 would read as 820982911946154500). They are read as text of
 * digits. A customer's platform id stays a number while a number holds it exactly (what the events
 * recorded so far and the answers show), and is kept as its digits above that.
 */
export type PlatformCustomerId = number | string;

/** A positive integer id of up to 20 digits (the platform's ids are 64-bit), no leading zero. */
const DIGITS = /^[1-9]\d{0,19}$/;

/** The digits of a platform id given as a JSON number or a string of digits; null when it is not one. */
export function platformIdDigits(value: unknown): string | null {
  const text =
    typeof value === 'number'
      ? Number.isSafeInteger(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  return DIGITS.test(text) ? text : null;
}

/**
 * A platform id as the service keeps and shows it: a number where a number is exact, else its
 * digits (a customer's platform id, an order's id in the storefront's order history).
 */
export function platformIdValue(digits: string): PlatformCustomerId {
  const id = Number(digits);
  return Number.isSafeInteger(id) ? id : digits;
}
