/**
 * An amount as exact decimal text: numbers in exponent notation (`1e-9`, `5e-324`, `1e21`) are
 * written out digit by digit, so no amount is judged through floating-point arithmetic.
 */
function decimalText(value: number): string {
  const text = String(Math.abs(value));
  const m = /^(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!m) return text;
  const digits = m[1] + (m[2] ?? '');
  const point = m[1].length + Number(m[3]);
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
}

export type MoneyProblem = 'not_an_amount' | 'too_precise' | 'too_small' | 'too_large';

/**
 * The one money parser: a JSON number or decimal string in the shop currency to whole cents, or why
 * not. Whole cents only (0.01 is the smallest non-zero amount; `5.000000001` is too precise, never
 * rounded), `min`..`max` in currency units; `-0` reads as 0.
 */
export function parseMoney(value: unknown, min: number, max: number): { cents: number } | { problem: MoneyProblem } {
  if (typeof value === 'number' && !Number.isFinite(value)) return { problem: 'not_an_amount' };
  if (typeof value !== 'number' && typeof value !== 'string') return { problem: 'not_an_amount' };
  const negative = typeof value === 'number' ? value < 0 : value.trim().startsWith('-');
  const text = typeof value === 'number' ? decimalText(value) : value.trim().replace(/^-/, '');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return { problem: 'not_an_amount' };
  const fraction = m[2] ?? '';
  if (/[1-9]/.test(fraction.slice(2))) return { problem: 'too_precise' };
  const units = m[1].replace(/^0+(?=\d)/, '');
  if (units.length > 13) return { problem: negative ? 'too_small' : 'too_large' };
  const magnitude = Number(units) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  const cents = negative && magnitude !== 0 ? -magnitude : magnitude;
  if (cents < Math.round(min * 100)) return { problem: 'too_small' };
  if (cents > Math.round(max * 100)) return { problem: 'too_large' };
  return { cents };
}

/** Parses a decimal money string ("12.50") into integer cents, half-up, without floating point. */
export function toCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '').padEnd(3, '0');
  const cents = Number(m[1]) * 100 + Number(fraction.slice(0, 2));
  return Number(fraction[2]) >= 5 ? cents + 1 : cents;
}

/** Integer cents as a decimal money string with two decimals (1250 -> "12.50"). */
export function centsText(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
}

/** A money amount as the wire writes it ("50.00"); none (null, unreadable or zero) is "0.00". */
export function amountText(value: unknown): string {
  return centsText(toCents(value) ?? 0);
}
