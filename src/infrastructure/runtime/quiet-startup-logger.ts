import { LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up chatter (a line per module initialised, per controller, per mapped route:
 * about 150 lines) at `debug`; everything else as it was. At `info` a start is then a handful of lines.
 */
const STARTUP_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory']);

const contextOf = (params: unknown[]) => (typeof params.at(-1) === 'string' ? (params.at(-1) as string) : '');

export function quietStartup(logger: LoggerService): LoggerService {
  const debug = (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params);
  return {
    log: (message, ...params) =>
      STARTUP_CONTEXTS.has(contextOf(params)) ? debug(message, ...params) : logger.log(message, ...params),
    error: (message, ...params) => logger.error(message, ...params),
    warn: (message, ...params) => logger.warn(message, ...params),
    debug,
    verbose: (message, ...params) => logger.verbose?.(message, ...params),
    fatal: (message, ...params) => (logger.fatal ?? logger.error).call(logger, message, ...params),
  };
}
