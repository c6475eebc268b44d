import { validationPipe } from '../../src/shared/http/validation';
import { DomainError } from '../../src/shared/domain/domain-error';

const pipe = validationPipe();

/** A schema's class as the edge validates a body against it (the app's own validation pipe). */
export async function parseBody<T extends object>(schema: new () => T, body: unknown): Promise<T> {
  return (await pipe.transform(body, { type: 'body', metatype: schema })) as T;
}

/** The field a body is refused for by the edge's validation of `schema` (and its code), or null if valid. */
export async function refusedField(schema: new () => object, body: unknown): Promise<[string, string] | null> {
  try {
    await parseBody(schema, body);
    return null;
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return [error.code, String(error.details?.field)];
  }
}
