/**
 * The money view of points: a point's value in the shop's currency (`pointValue`, a decimal such as
 * `0.01`) times whole points, as a decimal string computed on integers (never a float), and the
 * breakage ratio. Amounts keep the value's decimals, at least two (`1550 x 0.01 = "15.50"`).
 */

interface Scaled {
  units: bigint;
  scale: number;
}

function scaled(decimal: string): Scaled {
  const [whole, fraction = ''] = decimal.split('.');
  return { units: BigInt(whole + fraction), scale: fraction.length };
}

function written(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

/** The value of `points` at `pointValue` a point, as a decimal string with at least two decimals. */
export function pointsValue(points: number, pointValue: string): string {
  const value = scaled(pointValue);
  const scale = Math.max(value.scale, 2);
  return written(BigInt(points) * value.units * 10n ** BigInt(scale - value.scale), scale);
}

/** `part / whole` as a decimal string of `decimals` places, rounded half up; null when `whole` is 0. */
export function ratio(part: number, whole: number, decimals = 4): string | null {
  if (whole === 0) return null;
  const scale = 10n ** BigInt(decimals);
  const numerator = BigInt(part) * scale * 2n + BigInt(whole);
  const quotient = numerator / (BigInt(whole) * 2n);
  return written(quotient, decimals);
}
