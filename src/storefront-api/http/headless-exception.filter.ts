import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { ErrorBody, retryAfterOf, toErrorBody } from '../../shared/http/error-body';
import { DomainError } from '../../shared/domain/domain-error';
import { throttledFailure } from '../../shared/http/auth-throttle/throttled-failure';
import { StoreUnavailableError } from '../../shared/domain/store-errors';
import { HeadlessRequest } from './headless-request';
import { LocalizedText, localeRequestOf, ShopText } from '../../translations/queries/shop-text';

export const PERSONAL = 'private, no-store';

/** Every headless 429 has no body (the interface says so); its Retry-After says when to come back. */
const quietRateLimit = (error: ErrorBody): boolean => error.statusCode === 429;

/**
 * Headless failures (spec 7): `{success: false, error {message, code, statusCode}, timestamp}`, the
 * message in the shopper's language (`error.<CODE>`; `field` names the offending input); 401 and
 * quota 429s without a body (429, 503 RATE_LIMITER_UNAVAILABLE and a store out of reach with Retry-After).
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
    if (quietRateLimit(error) || (error.statusCode === 401 && !this.unauthorizedHasBody)) {
      response.status(error.statusCode).end();
      return;
    }
    const text = await this.text.for(request.headless?.shopId ?? '', localeRequestOf(request as Request));
    const message = shopperMessage(text, exception, error, retryAfter ?? 0);
    response.status(error.statusCode).json({
      success: false,
      error: { ...error, message },
      timestamp: new Date().toISOString(),
    });
  }
}

/**
 * The refusal in the shopper's language. A refusal naming its rule (`details.rule`: the validation
 * pipe's, an image URL not uploaded here) says the field and the rule (`error.<CODE>.<rule>`); a
 * BAD_REQUEST naming only its field says which field; else the code's sentence. Codes without
 * shopper text (management-style refusals) keep the service's own message.
 */
function shopperMessage(text: LocalizedText, exception: unknown, error: ErrorBody, seconds: number): string {
  const details = exception instanceof DomainError ? exception.details : undefined;
  const values = { seconds, field: error.field ?? '', limit: details?.limit ?? 0 };
  const rule =
    typeof details?.rule === 'string' ? details.rule : error.field && error.code === 'BAD_REQUEST' ? 'invalid' : null;
  for (const key of [rule && error.field ? `error.${error.code}.${rule}` : null, `error.${error.code}`]) {
    if (!key) continue;
    const said = text.t(key, values);
    if (said !== key) return said;
  }
  return error.message;
}

/** POST /auth/token: its 401s carry the envelope (spec 7), and a token is never cached by anyone. */
@Catch()
export class TokenExchangeExceptionFilter extends HeadlessExceptionFilter {
  protected readonly unauthorizedHasBody = true;
  protected readonly cacheControl = 'no-store';
}
