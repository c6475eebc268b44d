import { applyDecorators, Type as DtoClass } from '@nestjs/common';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsNotEmpty,
  IsObject,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { Optional } from './validation';
import { ToIdList } from './query-transforms';

/**
 * Several decorators of one DTO field as one, listed as they would be stacked above the field.
 * Stacked decorators apply bottom-up, and class-validator checks a field's rules (and answers with
 * the first broken one's message, see validation.ts) in the order they were applied: these apply
 * bottom-up too, so a field answers with the same message either way.
 */
export const FieldRules = (...decorators: PropertyDecorator[]): PropertyDecorator =>
  applyDecorators(...[...decorators].reverse());

const REQUIRED = { message: '$property is required' };

/** Text of at most `maxLength` characters; "<field> is required" when missing or not text. */
export const RequiredText = (maxLength: number) => FieldRules(IsString(REQUIRED), MaxLength(maxLength));

/**
 * Text of 1 to `maxLength` characters: "<field> is required" when missing or empty, and when not text
 * unless `notText` says otherwise.
 */
export const NonEmptyText = (maxLength: number, notText = REQUIRED.message) =>
  FieldRules(IsString({ message: notText }), IsNotEmpty(REQUIRED), MaxLength(maxLength));

/** A whole number from `min` to `max`: "<field> must be an integer" otherwise. */
export const WholeNumber = (min: number, max: number) =>
  FieldRules(IsInt({ message: '$property must be an integer' }), Min(min), Max(max));

/** A whole number from `min` to `max`, every refusal worded "<field> must be an integer from min to max". */
export const IntegerInRange = (min: number, max: number) => {
  const message = `$property must be an integer from ${min} to ${max}`;
  return FieldRules(IsInt({ message }), Min(min, { message }), Max(max, { message }));
};

/** A list of objects, each validated as `item` (a DTO class). */
export const NestedList = (item: DtoClass) =>
  FieldRules(
    IsObject({ each: true, message: '$property must be a list of objects' }),
    ValidateNested({ each: true }),
    Type(() => item),
  );

/** One value passing `test`, with `message` otherwise (`$property` names the field). */
export const Satisfies = (name: string, test: (value: unknown) => boolean, message: string) =>
  ValidateBy({ name, validator: { validate: test, defaultMessage: () => message } });

/** A list of at most `max` ids (numbers or `{id}` objects read as text), each 1 to 100 characters. */
export const IdList = (field: string, max = 1000): PropertyDecorator =>
  applyDecorators(
    Optional(),
    ToIdList(),
    IsArray({ message: `${field} must be a list of ids` }),
    ArrayMaxSize(max),
    IsString({ each: true, message: `${field} must be a list of ids` }),
    IsNotEmpty({ each: true, message: `${field} must be a list of ids` }),
    MaxLength(100, { each: true }),
  );
