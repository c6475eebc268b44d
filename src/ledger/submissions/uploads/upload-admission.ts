import { Injectable, Logger } from '@nestjs/common';
import { Response } from 'express';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterRedis } from 'rate-limiter-flexible';
import { AppConfig } from '../../../config/app-config';
import { because } from '../../../shared/domain/domain-error';
import { RateLimitRedis } from '../../../shared/http/rate-limit-redis';

/** Uploads of one customer this process handles at once, from the token checked to the answer sent. */
export const UPLOADS_PER_CUSTOMER = 2;
/** Retry-After of an upload refused while two of the customer's are under way. */
const BUSY_RETRY_SECONDS = 5;
const DAY_SECONDS = 86_400;

interface DailyQuota {
  limiter: RateLimiterAbstract;
  points: number;
}

/**
 * Who may start an upload, checked after the token and before a byte of the body is read: at most
 * two of a customer's uploads at once (in this process), and daily quotas of images and stored
 * bytes per customer and per shop (rate-limiter-flexible: in Redis with REDIS_URL, so every process
 * counts together; in memory otherwise). A refusal is 429 UPLOAD_QUOTA_EXCEEDED with Retry-After (no
 * body, as every headless 429). A batch is counted once stored, so one that starts under a quota is
 * kept whole.
 */
@Injectable()
export class UploadAdmission {
  private readonly logger = new Logger('UploadAdmission');
  private readonly inFlight = new Map<string, number>();
  private readonly customerFiles: DailyQuota;
  private readonly customerBytes: DailyQuota;
  private readonly shopFiles: DailyQuota;
  private readonly shopBytes: DailyQuota;

  constructor(config: AppConfig, redis: RateLimitRedis) {
    const prefix = `${config.headless.rateLimitPrefix}:uploads`;
    const daily = (name: string, points: number): DailyQuota => {
      const options = { keyPrefix: `${prefix}:${name}`, points, duration: DAY_SECONDS };
      const limiter = redis.client
        ? new RateLimiterRedis({
            ...options,
            storeClient: redis.client,
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
      return { limiter, points };
    };
    const { uploads } = config;
    this.customerFiles = daily('customer-files', uploads.customerDailyFiles);
    this.customerBytes = daily('customer-bytes', uploads.customerDailyBytes);
    this.shopFiles = daily('shop-files', uploads.shopDailyFiles);
    this.shopBytes = daily('shop-bytes', uploads.shopDailyBytes);
  }

  /** Admits the upload (its slot is given back when the answer is sent or the client leaves), or throws 429. */
  async admit(shopId: string, customerId: string, response: Response): Promise<void> {
    const customer = `${shopId}:${customerId}`;
    const running = this.inFlight.get(customer) ?? 0;
    if (running >= UPLOADS_PER_CUSTOMER) throw because.uploadQuotaExceeded(BUSY_RETRY_SECONDS, 'concurrent');
    await this.refuseOverQuota(shopId, customer);
    this.inFlight.set(customer, (this.inFlight.get(customer) ?? 0) + 1);
    response.once('close', () => {
      const left = (this.inFlight.get(customer) ?? 1) - 1;
      if (left > 0) this.inFlight.set(customer, left);
      else this.inFlight.delete(customer);
    });
  }

  /** Counts a stored batch against the day's quotas. */
  async record(shopId: string, customerId: string, files: number, bytes: number): Promise<void> {
    const customer = `${shopId}:${customerId}`;
    const counted: Array<[DailyQuota, string, number]> = [
      [this.customerFiles, customer, files],
      [this.customerBytes, customer, bytes],
      [this.shopFiles, shopId, files],
      [this.shopBytes, shopId, bytes],
    ];
    for (const [quota, key, points] of counted)
      await quota.limiter.penalty(key, points).catch((error: Error) => {
        this.logger.warn(`an upload could not be counted: ${error?.message ?? error}`);
      });
  }

  private async refuseOverQuota(shopId: string, customer: string): Promise<void> {
    const checked: Array<[DailyQuota, string, string]> = [
      [this.customerFiles, customer, 'customer_files'],
      [this.customerBytes, customer, 'customer_bytes'],
      [this.shopFiles, shopId, 'shop_files'],
      [this.shopBytes, shopId, 'shop_bytes'],
    ];
    for (const [quota, key, rule] of checked) {
      const used = await quota.limiter.get(key).catch(() => null);
      if (used && used.consumedPoints >= quota.points)
        throw because.uploadQuotaExceeded(Math.max(1, Math.ceil(used.msBeforeNext / 1000)), rule);
    }
  }
}
