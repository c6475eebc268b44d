import { Injectable, Logger } from '@nestjs/common';
import { RateLimitRedis } from '../../shared/http/rate-limit-redis';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppConfig, Quota } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';

/**
 * Headless quotas (rate-limiter-flexible): in Redis when REDIS_URL is set, so every process counts
 * together; in memory (per process) otherwise.
 * - token minting per (shop, customer) and per client IP: fails closed (503 RATE_LIMITER_UNAVAILABLE);
 * - requests per token and the public program list per IP: while Redis is unreachable they count in
 *   this process's memory instead (a storefront keeps working; the quota is then per process).
 */
@Injectable()
export class HeadlessRateLimits {
  private readonly logger = new Logger('HeadlessRateLimits');
  private readonly tokenPerCustomer: RateLimiterAbstract;
  private readonly tokenPerIp: RateLimiterAbstract;
  private readonly requestsPerToken: RateLimiterAbstract;
  private readonly publicPerIp: RateLimiterAbstract;
  private readonly retryAfter: number;

  constructor(config: AppConfig, redis: RateLimitRedis) {
    const { headless } = config;
    this.retryAfter = headless.limiterRetryAfterSeconds;
    const client = redis.client;
    const limiter = (name: string, quota: Quota, insured: boolean): RateLimiterAbstract => {
      const options = { keyPrefix: `${headless.rateLimitPrefix}:headless:${name}`, ...toPoints(quota) };
      if (!client) return new RateLimiterMemory(options);
      return new RateLimiterRedis({
        ...options,
        storeClient: client,
        rejectIfRedisNotReady: true,
        ...(insured ? { insuranceLimiter: new RateLimiterMemory(options) } : {}),
      });
    };
    this.tokenPerCustomer = limiter('token-customer', headless.tokenPerCustomer, false);
    this.tokenPerIp = limiter('token-ip', headless.tokenPerIp, false);
    this.requestsPerToken = limiter('token-requests', headless.requestsPerToken, true);
    this.publicPerIp = limiter('public-ip', headless.publicPerIp, true);
  }

  consumeTokenPerIp(ip: string): Promise<void> {
    return this.consume(this.tokenPerIp, ip, true);
  }

  consumeTokenPerCustomer(shopId: string, customer: string): Promise<void> {
    return this.consume(this.tokenPerCustomer, `${shopId}:${customer}`, true);
  }

  consumeRequest(tokenId: string): Promise<void> {
    return this.consume(this.requestsPerToken, tokenId, false);
  }

  consumePublic(ip: string): Promise<void> {
    return this.consume(this.publicPerIp, ip, false);
  }

  private async consume(limiter: RateLimiterAbstract, key: string, failClosed: boolean): Promise<void> {
    try {
      await limiter.consume(key);
    } catch (outcome) {
      if (outcome instanceof RateLimiterRes)
        // 429: no body, Retry-After (the headless filter writes both).
        throw because.rateLimited(Math.max(1, Math.ceil(outcome.msBeforeNext / 1000)));
      this.logger.error(`rate limiter failed: ${(outcome as Error)?.message ?? outcome}`);
      // The token limiter cannot count: no token is issued (fail closed).
      if (failClosed) throw because.rateLimiterUnavailable(this.retryAfter);
      // Insured limiters do not get here; anything else lets the request through rather than fail a read.
    }
  }
}

function toPoints(quota: Quota) {
  return { points: quota.points, duration: quota.seconds };
}
