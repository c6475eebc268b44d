import { ArgumentMetadata, ValidationError, ValidationPipe } from '@nestjs/common';
import { getMetadataStorage, ValidateBy, ValidateIf } from 'class-validator';
import { MoneyProblem, parseMoney } from '../domain/money';
import { because } from '../domain/domain-error';
import { MAX_MONEY, MIN_MONEY } from '../domain/limits';
import { BoundedCache } from '../bounded-cache';

/**
 * May be left out; unlike `@IsOptional()`, a `null` is a value and must pass the field's rules
 * (fields where null means something, e.g. "no end date" or "unlimited", keep `@IsOptional()`).
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

const MONEY_MESSAGES: Record<MoneyProblem, (field: string, min: number) => string> = {
  not_an_amount: (field) => `${field} must be an amount with at most 2 decimals`,
  too_precise: (field) => `${field} must be an amount with at most 2 decimals`,
  too_small: (field, min) => `${field} must be at least ${min}`,
  too_large: (field) => `${field} must be at most ${MAX_MONEY}`,
};

/**
 * A currency amount: a JSON number of whole cents, min..MAX_MONEY (a smaller rate would round to 0
 * cents), read by the one money parser (exponent notation such as 1e-9 included; never a 500).
 */
export const IsMoney =
  (field: string, { min = MIN_MONEY }: { min?: number } = {}): PropertyDecorator =>
  (target, key) => {
    ValidateBy({
      name: 'isMoney',
      validator: {
        validate: (value: unknown) => typeof value === 'number' && 'cents' in parseMoney(value, min, MAX_MONEY),
        defaultMessage: (args) => {
          const parsed = typeof args?.value === 'number' ? parseMoney(args.value, min, MAX_MONEY) : null;
          const problem = parsed && 'problem' in parsed ? parsed.problem : 'not_an_amount';
          return MONEY_MESSAGES[problem](field, min);
        },
      },
    })(target, key as string);
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
 * The rule a constraint stands for, as the storefront's translated messages name it
 * (`error.BAD_REQUEST.<rule>` in the catalogue); constraints of their own rule read `invalid`.
 */
const RULES: Readonly<Record<string, string>> = {
  isString: 'text',
  isNotEmpty: 'required',
  isInt: 'integer',
  isNumber: 'number',
  isBoolean: 'boolean',
  isIn: 'one_of',
  isEnum: 'one_of',
  isArray: 'list',
  isObject: 'object',
  min: 'min',
  max: 'max',
  minLength: 'min_length',
  maxLength: 'max_length',
  arrayMinSize: 'min_items',
  arrayMaxSize: 'max_items',
  isEmail: 'email',
};

/** The problem of one field: the service's sentence, and the rule (with its bound) for translated messages. */
interface Problem {
  field: string;
  message: string;
  rule: string;
  limit?: number;
}

/**
 * The message that names the real problem: a missing field "is required"; otherwise the type or
 * format rule it breaks before any range rule (`limit=abc` "must be an integer", not "must not be
 * greater than 1000").
 */
function problemOf(field: string, error: ValidationError, constraints: Record<string, string>): Problem {
  if (error.value === undefined) return { field, message: `${field} is required`, rule: 'required' };
  const kinds = Object.keys(constraints);
  const kind = kinds.find((k) => !SIZE_CONSTRAINTS.has(k)) ?? kinds[0];
  const limit = limitOf(error, kind);
  return { field, message: constraints[kind], rule: RULES[kind] ?? 'invalid', ...(limit === null ? {} : { limit }) };
}

/** The bound of a size constraint (`@Min(1)`: 1), read from the DTO's validation metadata. */
function limitOf(error: ValidationError, kind: string): number | null {
  if (!SIZE_CONSTRAINTS.has(kind) || !error.target) return null;
  const found = getMetadataStorage()
    .getTargetValidationMetadatas(error.target.constructor, '', true, false)
    .find((m) => m.propertyName === error.property && m.name === kind);
  const bound: unknown = found?.constraints?.[0];
  return typeof bound === 'number' ? bound : null;
}

function firstProblem(errors: ValidationError[], prefix = ''): Problem | null {
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    if (error.constraints) return problemOf(field, error, error.constraints);
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
  return new EdgeValidationPipe(EDGE_OPTIONS);
}

const EDGE_OPTIONS = {
  transform: true,
  whitelist: true,
  // The failing object is kept on each error: a size rule's bound is read from its class's metadata.
  validationError: { target: true },
  exceptionFactory: (errors: ValidationError[]) => {
    const problem = firstProblem(errors) ?? { field: 'body', message: 'body is invalid', rule: 'invalid' };
    const { field, message, rule, limit } = problem;
    return because.badRequest(message, { field, rule, ...(limit === undefined ? {} : { limit }) });
  },
};

type Dto = new () => object;

/** DTOs whose handler validates them itself (see ValidatedByHandler). */
const BY_HANDLER = new WeakSet<Dto>();

/**
 * The edge pipe leaves this DTO to its handler, which validates it with `validateInHandler` and
 * answers a refusal in its own shape (the loyalty-page parity reads answer 200 `{success: false}`).
 * The DTO still documents the parameters in OpenAPI.
 */
export const ValidatedByHandler = (): ClassDecorator => (target) => {
  BY_HANDLER.add(target as unknown as Dto);
};

const handlerPipe = new ValidationPipe(EDGE_OPTIONS);

/** The edge's validation of a ValidatedByHandler DTO: the instance, or the same 400 BAD_REQUEST. */
export async function validateInHandler<T extends object>(dto: new () => T, value: unknown, type: 'query' | 'body') {
  return (await handlerPipe.transform(value, { type, metatype: dto })) as T;
}

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
    if (metatype && BY_HANDLER.has(metatype)) return value;
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
