import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { IsNumber, Max, Min, ValidateIf } from 'class-validator';
import { because } from '../domain/domain-error';
import { MAX_MONEY, MIN_MONEY } from '../domain/limits';
import { BoundedCache } from '../bounded-cache';

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
  return new EdgeValidationPipe({
    transform: true,
    whitelist: true,
    exceptionFactory: (errors) => {
      const problem = firstProblem(errors) ?? { field: 'body', message: 'body is invalid' };
      return because.badRequest(problem.message, { field: problem.field });
    },
  });
}

type Dto = new () => object;

/**
 * Most requests send no query at all, and validating an empty object against its DTO cost about
 * 30 us a request (class-transformer and class-validator walk the class's metadata every time). An
 * empty object of a DTO class always gets the same answer: the first one is validated in full and
 * its outcome kept; later ones get a copy of that instance, or the same refusal.
 */
class EdgeValidationPipe extends ValidationPipe {
  private readonly empty = new BoundedCache<Dto, { instance: object } | { error: unknown }>({ max: 1_000 });

  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const metatype = metadata.metatype as Dto | undefined;
    if (!metatype || !isEmptyPlainObject(value) || !this.toValidate(metadata)) return super.transform(value, metadata);
    let known = this.empty.get(metatype);
    if (!known) {
      known = await super.transform({}, metadata).then(
        (instance: object) => ({ instance }),
        (error: unknown) => ({ error }),
      );
      this.empty.set(metatype, known);
    }
    if ('error' in known) throw known.error;
    // A copy, defaults included (a DTO's default array must not be shared between requests).
    const copy = Object.create(Object.getPrototypeOf(known.instance) as object) as object;
    return Object.assign(copy, structuredClone({ ...known.instance }));
  }
}

function isEmptyPlainObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) return false;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) return false;
  return true;
}
