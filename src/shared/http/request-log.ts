import { randomUUID } from 'node:crypto';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Logger as PinoInstance } from 'pino';
import { redactEmails, redactOAuthQuery } from '../redact-personal';

export const ROOT_LOGGER = Symbol('ROOT_LOGGER');

/** Routes polled by machines: answered, never logged. */
const QUIET = new Set(['/health', '/metrics']);

/**
 * Request ids and one access line per request, for every route. This replaces pino-http's
 * per-request child logger, whose CPU per request was comparable to a bare Nest request's; nothing
 * is serialised unless a line is written, and headers are never logged (no credential can leak into logs).
 */
export function requestLog(logger: PinoInstance) {
  return (req: IncomingMessage & { id?: string }, res: ServerResponse, next: () => void): void => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && given.length > 0 && given.length <= 200 ? given : randomUUID();
    req.id = id;
    res.setHeader('X-Request-Id', id);
    const started = process.hrtime.bigint();
    // 'close' comes after 'finish' for every answer, and alone for one that ended before it was
    // complete (the client left, or a streamed answer was cut short): those get a line too.
    res.once('close', () => {
      const completed = res.writableFinished;
      const failed = res.statusCode >= 500;
      if (completed && !failed && (QUIET.has(req.url ?? '') || !logger.isLevelEnabled('info'))) return;
      const line = {
        reqId: id,
        method: req.method,
        // A query may carry an email address (a lookup by email) or a login's OAuth code and state
        // (the chat login's callback): never written as they came.
        url: redactOAuthQuery(redactEmails(req.url ?? '')),
        statusCode: res.statusCode,
        responseTimeMs: Number(process.hrtime.bigint() - started) / 1e6,
        remoteAddress: req.socket?.remoteAddress,
      };
      // A client's mistake is not the service's warning; a 503 is a condition the service names
      // (a store away, a feature not configured): a warning, not an error.
      if (!completed) logger.info({ ...line, completed }, 'request ended before its answer was complete');
      else if (res.statusCode === 503) logger.warn(line, 'request refused: unavailable');
      else if (failed) logger.error(line, 'request failed');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
