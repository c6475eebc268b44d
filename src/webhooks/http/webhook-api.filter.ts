import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Response } from 'express';
import { toErrorBody } from '../../shared/http/v2-exception.filter';

/** Webhook API failures: `{success: false, error: string, timestamp}` (spec 2.1). */
@Catch()
export class WebhookApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const error = toErrorBody(exception);
    if (error.statusCode >= 500) this.logger.error((exception as Error)?.stack ?? String(exception));
    response
      .status(error.statusCode)
      .json({ success: false, error: error.message, code: error.code, timestamp: new Date().toISOString() });
  }
}
