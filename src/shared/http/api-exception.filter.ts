import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { familyOf } from './api-families';
import { retryAfterOf, toErrorBody } from './error-body';
import { throttledFailure } from './auth-throttle/throttled-failure';
import { DomainError } from '../domain/domain-error';
import { StoreUnavailableError } from '../domain/store-errors';

/**
 * The one global exception filter: anything thrown, by a controller, a guard, a pipe or the input
 * policy before routing, is answered in the error envelope of the API family the path belongs to.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(thrown: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    const request = http.getRequest<Request>();
    const exception = throttledFailure(thrown, request);
    const error = toErrorBody(exception);
    if (error.statusCode >= 500) this.logServerSide(exception);
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== null) response.setHeader('Retry-After', String(retryAfter));
    response.status(error.statusCode).json(familyOf(request.path ?? request.url ?? '/').errorEnvelope(error));
  }

  /**
   * A condition the service names (a store unavailable, ingestion switched off: a DomainError) is a
   * warning in one line; anything else is a defect, logged with its stack.
   */
  private logServerSide(exception: unknown): void {
    if (exception instanceof DomainError) this.logger.warn(`${exception.code}: ${exception.message}`);
    else if (exception instanceof StoreUnavailableError) this.logger.warn(exception.message);
    else this.logger.error((exception as Error)?.stack ?? String(exception));
  }
}
