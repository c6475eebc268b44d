import { applyDecorators, ArgumentsHost, Catch, Controller, ExceptionFilter, Logger, UseFilters } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { throttledFailure } from '../../shared/http/auth-throttle/throttled-failure';
import { retryAfterOf, toErrorBody } from '../../shared/http/error-body';
import { API_FAMILIES } from '../../shared/http/api-families';
import { ShopKeys } from '../../shops/http/shop-api';
import { ApiWebhookErrors } from '../../shared/http/openapi/responses';
import { StoreUnavailableError } from '../../shared/domain/store-errors';

const WEBHOOK_FAMILY = API_FAMILIES.find((f) => f.name === 'webhooks')!;

/** Webhook API failures: `{success: false, error: string, code, timestamp}` (spec 7). */
@Catch()
export class WebhookApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(thrown: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const exception = throttledFailure(thrown, host.switchToHttp().getRequest<Request>());
    const error = toErrorBody(exception);
    if (exception instanceof StoreUnavailableError) this.logger.warn(exception.message);
    else if (error.statusCode >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    const retryAfter = retryAfterOf(exception);
    if (retryAfter !== null) response.setHeader('Retry-After', String(retryAfter));
    response.status(error.statusCode).json(WEBHOOK_FAMILY.errorEnvelope(error));
  }
}

/** A controller of the webhook API (`/app/api/v1/webhooks`): the shop's keys, and its own error envelope. */
export const WebhookApi = (path: string) =>
  applyDecorators(
    ApiTags('webhooks'),
    ShopKeys(),
    ApiWebhookErrors(401, 429, 503),
    UseFilters(WebhookApiExceptionFilter),
    Controller(path),
  );
