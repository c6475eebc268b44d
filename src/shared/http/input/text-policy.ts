import { because, DomainError } from '../../domain/domain-error';
import { BodyLimits } from './input-limits';

/**
 * Text the service accepts: no NUL (PostgreSQL text cannot hold it) and no lone UTF-16 surrogate
 * (not Unicode; JSONB refuses it). Checked on every string of a body (keys too), every query value
 * and every path parameter, so nothing malformed reaches storage.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function textProblem(value: string): string | null {
  if (value.includes('\u0000')) return 'must not contain NUL characters';
  if (LONE_SURROGATE.test(value)) return 'must be valid Unicode text (it contains a lone surrogate)';
  return null;
}

/** A field name fit to be shown (a hostile key is escaped). */
export function printable(name: string): string {
  return textProblem(name) === null ? name : JSON.stringify(name).slice(1, -1).replace(/\\"/g, '"');
}

const refuse = (field: string, problem: string) => because.badRequest(`${field} ${problem}`, { field });

/**
 * Walks a parsed JSON body: text rules on every key and string, numbers finite and exact (within
 * ±(2^53 - 1); the DTOs then apply each field's own maximum), arrays and text within the limits.
 * `products[0].price` names a field.
 */
export function checkJsonValue(value: unknown, limits: BodyLimits, field = ''): DomainError | null {
  const label = field || 'body';
  if (typeof value === 'string') {
    const problem = textProblem(value);
    if (problem) return refuse(label, problem);
    if (value.length > limits.maxText) return refuse(label, `must be at most ${limits.maxText} characters`);
    return null;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER)
      return refuse(label, `is out of range (numbers are at most ${Number.MAX_SAFE_INTEGER} in size)`);
    return null;
  }
  if (Array.isArray(value)) {
    if (value.length > limits.maxItems) return refuse(label, `must have at most ${limits.maxItems} items`);
    for (let i = 0; i < value.length; i++) {
      const problem = checkJsonValue(value[i], limits, `${field}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length > limits.maxItems) return refuse(label, `must have at most ${limits.maxItems} fields`);
    for (const [key, inner] of entries) {
      const name = field ? `${field}.${printable(key)}` : printable(key);
      const keyProblem = textProblem(key);
      if (keyProblem) return refuse(name, `(a field name) ${keyProblem}`);
      if (key === '__proto__') return refuse(name, 'is not an accepted field name');
      const problem = checkJsonValue(inner, limits, name);
      if (problem) return problem;
    }
  }
  return null;
}

/** Deepest nesting of arrays and objects in JSON text, without parsing it (stops past `limit`). */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > limit) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}
