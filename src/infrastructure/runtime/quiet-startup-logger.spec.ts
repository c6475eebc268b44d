import { LoggerService } from '@nestjs/common';
import { quietStartup } from './quiet-startup-logger';

describe('quietStartup', () => {
  const recorder = () => {
    const lines: string[] = [];
    const at =
      (level: string) =>
      (message: unknown, ...params: unknown[]) =>
        lines.push(`${level} ${String(message)} ${params.join(',')}`);
    const logger: LoggerService = { log: at('info'), error: at('error'), warn: at('warn'), debug: at('debug') };
    return { logger: quietStartup(logger), lines };
  };

  it("puts Nest's per-route and per-module lines at debug, and leaves the rest at its level", () => {
    const { logger, lines } = recorder();
    logger.log('Mapped {/health, GET} route', 'RouterExplorer');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    logger.log('Nest application successfully started', 'NestApplication');
    logger.warn('store slow', 'Storage');
    logger.error('boom', 'stack', 'Errors');
    expect(lines).toEqual([
      'debug Mapped {/health, GET} route RouterExplorer',
      'debug AppModule dependencies initialized InstanceLoader',
      'info Nest application successfully started NestApplication',
      'warn store slow Storage',
      'error boom stack,Errors',
    ]);
  });
});
