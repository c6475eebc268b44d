import Ajv, { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/** An OpenAPI 3.0 document as served at /docs/json (only what the specs read of it). */
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; securitySchemes: Record<string, object> };
  tags?: Array<{ name: string; description?: string }>;
}

export interface Operation {
  tags?: string[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: unknown;
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: object }> }>;
}

export const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every operation of the document, as `[method, path, operation]`. */
export function operationsOf(doc: OpenApiDocument): Array<[string, string, Operation]> {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]): [string, string, Operation] => [method, path, operation]),
  );
}

/**
 * A copy of `schema` that ajv reads as the document means it: references point into the components
 * (registered under `components`), and, when `closed`, every object with listed fields refuses others
 * (so an answer carrying a field the document does not name fails). `discriminator` is an annotation
 * here (ajv does not take its `mapping`); `oneOf` still decides.
 */
function forAjv(schema: unknown, closed: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((s) => forAjv(s, closed));
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'discriminator' || key === 'example') continue;
    if (key === '$ref' && typeof value === 'string')
      out.$ref = value.replace('#/components/schemas/', `${closed ? 'closed' : 'open'}#/definitions/`);
    else if (key === 'properties' && value && typeof value === 'object')
      out.properties = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forAjv(v, closed)]));
    else out[key] = forAjv(value, closed);
  }
  if (closed && out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

/** Validates values against schemas of the document (components included). */
export class SchemaChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: OpenApiDocument) {
    addFormats(this.ajv);
    for (const closed of [true, false])
      this.ajv.addSchema({ $id: closed ? 'closed' : 'open', definitions: forAjv(doc.components.schemas, closed) });
  }

  /** The errors of `value` against `schema` (none: []); `closed`: no field the schema does not name. */
  errors(schema: object, value: unknown, closed = false): string[] {
    const key = `${closed}:${JSON.stringify(schema)}`;
    const validate = this.compiled.get(key) ?? this.ajv.compile(forAjv(schema, closed) as object);
    this.compiled.set(key, validate);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
  }
}
