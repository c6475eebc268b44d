import { Injectable, Logger } from '@nestjs/common';
import { RateLimitRedis } from '../rate-limit-redis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig, Quota } from '../../../config/app-config';

/**
 * Failed authentication, counted per client IP and per presented key (rate-limiter-flexible; in
 * Redis when REDIS_URL is set, so every process counts together). Only failures are counted, and
 * the answer to "is this client throttled?" comes from this process's memory, so a request with good
 * credentials costs no Redis round trip. When a failure pushes a count over its quota, the client
 * (or key) is throttled here until the window ends; another process learns it at that client's next
 * failure there.
 */
@Injectable()
export class AuthFailureThrottle {
  private readonly logger = new Logger('AuthFailureThrottle');
  private readonly perIp: RateLimiterAbstract;
  private readonly perKey: RateLimiterAbstract;
  private readonly until = new Map<string, number>();

  constructor(config: AppConfig, redis: RateLimitRedis) {
    const { authFailures } = config;
    const client = redis.client;
    const limiter = (name: string, quota: Quota): RateLimiterAbstract => {
      const options = {
        keyPrefix: `${config.headless.rateLimitPrefix}:auth-failures:${name}`,
        points: quota.points,
        duration: quota.seconds,
      };
      if (!client) return new RateLimiterMemory(options);
      // Throttling is a second line (secrets are 256 bits): while Redis is away, count in memory.
      return new RateLimiterRedis({
        ...options,
        storeClient: client,
        rejectIfRedisNotReady: true,
        insuranceLimiter: new RateLimiterMemory(options),
      });
    };
    this.perIp = limiter('ip', authFailures.perIp);
    this.perKey = limiter('key', authFailures.perKey);
  }

  /** Seconds until the client may try again, or 0 when it is not throttled. */
  retryAfter(ip: string, key: string | null): number {
    const now = Date.now();
    const until = Math.max(this.until.get(`ip:${ip}`) ?? 0, key ? (this.until.get(`key:${key}`) ?? 0) : 0);
    return until > now ? Math.ceil((until - now) / 1000) : 0;
  }

  /** Counts a failed authentication (never throws: the client already has its 401). */
  async failed(ip: string, key: string | null): Promise<void> {
    await Promise.all([
      this.count(this.perIp, `ip:${ip}`, ip),
      key ? this.count(this.perKey, `key:${key}`, key) : Promise.resolve(),
    ]);
  }

  private async count(limiter: RateLimiterAbstract, name: string, key: string): Promise<void> {
    try {
      const counted = await limiter.consume(key);
      // The failure that uses up the quota throttles at once (not the one after it).
      if (counted.remainingPoints <= 0) this.throttle(name, counted.msBeforeNext);
    } catch (outcome) {
      if (!(outcome instanceof RateLimiterRes)) {
        this.logger.error(`authentication throttling failed: ${(outcome as Error)?.message ?? outcome}`);
        return;
      }
      this.throttle(name, outcome.msBeforeNext);
    }
  }

  private throttle(name: string, ms: number): void {
    if (this.until.size > 10_000) this.forgetExpired();
    this.until.set(name, Date.now() + ms);
  }

  private forgetExpired(): void {
    const now = Date.now();
    for (const [name, until] of this.until) if (until <= now) this.until.delete(name);
    if (this.until.size > 10_000) this.until.clear();
  }
}
