/**
 * A business rule said no. `code` is the stable, documented error code (spec section 7 and the
 * README); `status` is the HTTP status each API family's exception filter answers with.
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Error factories, so every place that refuses the same thing says it the same way. */
export const because = {
  badRequest: (message: string, details?: Record<string, unknown>) =>
    new DomainError('BAD_REQUEST', message, 400, details),
  notFound: (what: string) => new DomainError('NOT_FOUND', `${what} not found`, 404),
  insufficientPoints: (balance: number, requested: number) =>
    new DomainError('INSUFFICIENT_POINTS', `Cannot deduct ${requested} points: the balance is ${balance}`, 400, {
      balance,
      requested,
    }),
  idempotencyConflict: (key: string) =>
    new DomainError('IDEMPOTENCY_CONFLICT', `Idempotency-Key "${key}" was already used with a different request`, 409),
  unauthorized: (message = 'Invalid or missing credentials') => new DomainError('UNAUTHORIZED', message, 401),
  /** A limit of a program was reached (redemptions per customer or shop-wide, payments per period). */
  limitReached: (message: string) => new DomainError('LIMIT_REACHED', message, 400),
  /** Other processes kept changing the same customer: nothing was written, the client retries. */
  streamBusy: () =>
    new DomainError(
      'SERVICE_UNAVAILABLE',
      'Too many concurrent changes to the same record; nothing was written, retry',
      503,
      {
        retryAfterSeconds: 1,
      },
    ),
};
