import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';

/**
 * A few words for writing the JSON Schema of a record in the OpenAPI document, one line a field, as
 * the presenter writes it: `object({ id: str, email: nullable(str) }, ['optionalField'])`.
 */
export type Schema = SchemaObject | ReferenceObject;

export const str: SchemaObject = { type: 'string' };
export const num: SchemaObject = { type: 'number' };
export const int: SchemaObject = { type: 'integer' };
export const bool: SchemaObject = { type: 'boolean' };
/**
 * A commerce platform id (64-bit): a number while a JavaScript number holds it exactly, else the
 * string of its digits (docs/platform-ingestion.md).
 */
export const platformId: SchemaObject = {
  anyOf: [
    { type: 'integer', maximum: Number.MAX_SAFE_INTEGER },
    { type: 'string', pattern: '^[0-9]{16,20}$' },
  ],
};
export const dateTime: SchemaObject = { type: 'string', format: 'date-time' };
/** Any JSON value (a field whose content the record does not fix). */
export const anyValue: SchemaObject = {};
/** An object whose keys the record does not fix. */
export const anyObject: SchemaObject = { type: 'object', additionalProperties: true };

export const oneOf = (...values: string[]): SchemaObject => ({ type: 'string', enum: values });
export const arrayOf = (items: Schema): SchemaObject => ({ type: 'array', items });
export const mapOf = (values: Schema): SchemaObject => ({ type: 'object', additionalProperties: values });
export const anyOf = (...schemas: Schema[]): SchemaObject => ({ anyOf: schemas });

/**
 * The value, or null (OpenAPI 3.0: `nullable`). A reference (always to an object record here) is
 * wrapped, as 3.0 ignores the siblings of a $ref.
 */
export function nullable(schema: Schema): SchemaObject {
  if ('$ref' in schema) return { type: 'object', nullable: true, allOf: [schema] };
  // OpenAPI 3.0 allows `nullable` only beside a `type`: each choice of an anyOf is made nullable.
  if (schema.anyOf) return { ...schema, anyOf: schema.anyOf.map(nullable) };
  // An enum lists null too: `nullable` does not widen an enum (OpenAPI 3.0.3).
  return { ...schema, nullable: true, ...(schema.enum ? { enum: [...schema.enum, null] } : {}) };
}

/** An object with these fields; every field is always there except those named `optional`. */
export function object(properties: Record<string, Schema>, optional: string[] = []): SchemaObject {
  const required = Object.keys(properties).filter((key) => !optional.includes(key));
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** The same object with more fields (a detail that adds to a list item). */
export function extend(base: SchemaObject, more: SchemaObject): SchemaObject {
  const required = [...(base.required ?? []), ...(more.required ?? [])];
  return {
    ...base,
    properties: { ...base.properties, ...more.properties },
    ...(required.length ? { required } : {}),
  };
}

/** A record of the API: a named component of the document, used by reference. */
export interface NamedSchema {
  readonly name: string;
  readonly schema: SchemaObject;
  readonly ref: ReferenceObject;
}

const RECORDS = new Map<string, SchemaObject>();

/**
 * Names a record's schema. Records are declared at import time beside the controllers that answer
 * them, and the document builder adds every one to `components.schemas` (see `recordSchemas`).
 */
export function record(name: string, schema: SchemaObject): NamedSchema {
  if (RECORDS.has(name)) throw new Error(`OpenAPI record ${name} is declared twice`);
  RECORDS.set(name, schema);
  return { name, schema, ref: { $ref: `#/components/schemas/${name}` } };
}

/** Every declared record, by name in alphabetical order (the document is the same on every run). */
export function recordSchemas(): Record<string, SchemaObject> {
  return Object.fromEntries([...RECORDS.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

/** A component @nestjs/swagger names from a class (a DTO, or a config schema registered with ApiExtraModels). */
export const classRef = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
