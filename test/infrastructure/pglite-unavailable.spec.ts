import { PgliteSqlClient } from '../../src/infrastructure/sql/pglite.client';
import { isEmbeddedStoreFailure } from '../../src/infrastructure/sql/connection-errors';
import { StoreUnavailableError } from '../../src/shared/domain/store-errors';
import { retryAfterOf, toErrorBody } from '../../src/shared/http/error-body';

/** The embedded store closed or broken under a caller answers 503 like a server out of reach, never 500. */
describe('PGlite unavailable', () => {
  it('a closed database: every call is StoreUnavailableError, answered 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const sql = await PgliteSqlClient.open();
    expect(await sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await sql.close();
    const errors = await Promise.all([
      sql.query('SELECT 1').catch((e: unknown) => e),
      sql.exec('SELECT 1').catch((e: unknown) => e),
      sql.transaction((tx) => tx.query('SELECT 1')).catch((e: unknown) => e),
    ]);
    for (const error of errors) {
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(toErrorBody(error)).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        statusCode: 503,
        message: 'PGlite is unavailable; retry later (a write with the same Idempotency-Key or webhook id)',
      });
      expect(retryAfterOf(error)).toBe(2);
    }
    await sql.close();
  });

  it("names PGlite's own failures (closed, aborted, a trap in its WebAssembly, a file system error), not SQL errors", () => {
    expect(isEmbeddedStoreFailure(new Error('PGlite is closed'))).toBe(true);
    expect(isEmbeddedStoreFailure(new Error('PGlite is closing'))).toBe(true);
    expect(isEmbeddedStoreFailure(new WebAssembly.RuntimeError('unreachable'))).toBe(true);
    expect(isEmbeddedStoreFailure(new Error('Aborted(). Build with -sASSERTIONS for more info.'))).toBe(true);
    expect(isEmbeddedStoreFailure(Object.assign(new Error('FS error'), { name: 'ErrnoError' }))).toBe(true);
    expect(isEmbeddedStoreFailure(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isEmbeddedStoreFailure(null)).toBe(false);
  });

  it('a write cut by such a failure says its outcome is unknown', () => {
    const error = new StoreUnavailableError('PGlite', new WebAssembly.RuntimeError('unreachable'), true);
    expect(toErrorBody(error)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      statusCode: 503,
      message: expect.stringMatching(/its outcome is unknown\. Retry with the same Idempotency-Key/),
    });
  });
});
