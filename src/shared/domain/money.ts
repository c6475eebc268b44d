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
