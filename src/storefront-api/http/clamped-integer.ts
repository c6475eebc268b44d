import { Transform } from 'class-transformer';

/** A query integer; above `max` it is read as `max` (spec: page sizes are clamped, not refused). */
export const ClampedInteger = (max: number) =>
  Transform(({ value }) => {
    const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
    return typeof n === 'number' && n > max ? max : n;
  });
