import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../../config/app-config';

/**
 * The one Redis connection of the process's rate limiters (the headless quotas and the
 * authentication throttle), when REDIS_URL is set, so every process counts together.
 */
@Injectable()
export class RateLimitRedis implements OnApplicationShutdown {
  private readonly logger = new Logger('RateLimitRedis');
  readonly client: Redis | null;
  private lastError = 0;

  constructor(config: AppConfig) {
    this.client = config.redisUrl
      ? new Redis(config.redisUrl, {
          // Fail fast while disconnected rather than queue: a limiter must answer now.
          enableOfflineQueue: false,
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
        })
      : null;
    this.client?.on('error', (error: Error) => {
      if (Date.now() - this.lastError < 10_000) return;
      this.lastError = Date.now();
      this.logger.warn(`Redis (rate limits) unavailable: ${error.message}`);
    });
  }

  onApplicationShutdown(): void {
    this.client?.disconnect();
  }
}
