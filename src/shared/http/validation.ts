import { ValidationError, ValidationPipe } from '@nestjs/common';
import { IsNumber, Max, Min, ValidateIf } from 'class-validator';
import { because } from '../domain/domain-error';
import { MAX_MONEY, MIN_MONEY } from '../domain/limits';

/**
 * May be left out; unlike `@IsOptional()`, a `null` is a value and must pass the field's rules
 * (fields where null means something, e.g. "no end date" or "unlimited", keep `@IsOptional()`).
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

/** A currency amount: whole cents, MIN_MONEY..MAX_MONEY (a smaller rate would round to 0 cents). */
export const IsMoney =
  (field: string, { min = MIN_MONEY }: { min?: number } = {}): PropertyDecorator =>
  (target, key) => {
    IsNumber(
      { maxDecimalPlaces: 2, allowNaN: false, allowInfinity: false },
      { message: `${field} must be an amount with at most 2 decimals` },
    )(target, key);
    Min(min, { message: `${field} must be at least ${min}` })(target, key);
    Max(MAX_MONEY, { message: `${field} must be at most ${MAX_MONEY}` })(target, key);
  };

/**
 * Constraints on the size of a value (range, length, count). A value of the wrong type fails these
 * too (`limit=abc` is neither >= 1 nor <= 1000), so they are reported only when nothing else is wrong.
 */
const SIZE_CONSTRAINTS: ReadonlySet<string> = new Set([
  'min',
  'max',
  'minLength',
  'maxLength',
  'arrayMinSize',
  'arrayMaxSize',
  'isLength',
]);

/**
 * The message that names the real problem: a missing field "is required"; otherwise the type or
 * format rule it breaks before any range rule (`limit=abc` "must be an integer", not "must not be
 * greater than 1000").
 */
function messageOf(field: string, error: ValidationError, constraints: Record<string, string>): string {
  if (error.value === undefined) return `${field} is required`;
  const kinds = Object.keys(constraints);
  const kind = kinds.find((k) => !SIZE_CONSTRAINTS.has(k)) ?? kinds[0];
  return constraints[kind];
}

function firstProblem(errors: ValidationError[], prefix = ''): { field: string; message: string } | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) return { field, message: messageOf(field, error, error.constraints) };
    const nested = firstProblem(error.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}

/**
 * DTO validation at the edge. Unknown fields are dropped; the first problem becomes a 400
 * BAD_REQUEST whose message starts with the field's name.
 */
export function validationPipe(): ValidationPipe {
  return new ValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => {
      const problem = firstProblem(errors) ?? { field: 'body', message: 'body is invalid' };
      return because.badRequest(problem.message, { field: problem.field });
    },
  });
}
