import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { retryAfterOf, toErrorBody } from '../../shared/http/error-body';
import { throttledFailure } from '../../shared/http/auth-throttle/throttled-failure';
import { StoreUnavailableError } from '../../shared/domain/store-errors';
import { HeadlessRequest } from './headless-request';
import { localeRequestOf, ShopText } from '../../translations/queries/shop-text';

export const PERSONAL = 'private, no-store';

/**
 * Headless failures (spec 7): `{success: false, error {message, code, statusCode}, timestamp}`, the
 * message in the shopper's language (`error.<CODE>`; `field` names the offending input); 401 and
 * 429 without a body (429, 503 RATE_LIMITER_UNAVAILABLE and a store out of reach with Retry-After).
 */
@Catch()
export class HeadlessExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HeadlessErrors');
  /** The token exchange explains its 401s. */
  protected readonly unauthorizedHasBody: boolean = false;
  protected readonly cacheControl: string = PERSONAL;

  constructor(private readonly text: ShopText) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const request = host.switchToHttp().getRequest<HeadlessRequest>();
    const response = host.switchToHttp().getResponse<Response>();
    this.respond(throttledFailure(exception, request), request, response).catch((error) => {
      this.logger.error(`could not answer an error: ${(error as Error)?.stack ?? error}`);
      if (!response.headersSent) response.status(500).end();
    });
  }

  private async respond(exception: unknown, request: HeadlessRequest, response: Response): Promise<void> {
    const error = toErrorBody(exception);
    if (exception instanceof StoreUnavailableError) this.logger.warn(exception.message);
    else if (error.statusCode >= 500 && error.code !== 'RATE_LIMITER_UNAVAILABLE')
      this.logger.error((exception as Error)?.stack ?? String(exception));
    response.setHeader('Cache-Control', this.cacheControl);
    const retryAfter = retryAfterOf(exception) ?? undefined;
    if (retryAfter !== undefined) response.setHeader('Retry-After', String(retryAfter));
    if (error.statusCode === 429 || (error.statusCode === 401 && !this.unauthorizedHasBody)) {
      response.status(error.statusCode).end();
      return;
    }
    const text = await this.text.for(request.headless?.shopId ?? '', localeRequestOf(request as Request));
    const key = `error.${error.code}`;
    const shopperMessage = text.t(key, { seconds: retryAfter ?? 0 });
    // Codes without shopper text (management-style refusals) keep the service's own message.
    const message = shopperMessage === key ? error.message : shopperMessage;
    response.status(error.statusCode).json({
      success: false,
      error: { ...error, message },
      timestamp: new Date().toISOString(),
    });
  }
}

/** POST /auth/token: its 401s carry the envelope (spec 7), and a token is never cached by anyone. */
@Catch()
export class TokenExchangeExceptionFilter extends HeadlessExceptionFilter {
  protected readonly unauthorizedHasBody = true;
  protected readonly cacheControl = 'no-store';
}
