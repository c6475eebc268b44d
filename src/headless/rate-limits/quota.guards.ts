import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { HeadlessRateLimits } from './headless-rate-limits';

const clientIp = (context: ExecutionContext) => context.switchToHttp().getRequest<Request>().ip ?? 'unknown';

/** Token minting per client IP, before anything else is looked at (fails closed). */
@Injectable()
export class TokenIpQuotaGuard implements CanActivate {
  constructor(private readonly limits: HeadlessRateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumeTokenPerIp(clientIp(context));
    return true;
  }
}

/** The public program list per client IP. */
@Injectable()
export class PublicIpQuotaGuard implements CanActivate {
  constructor(private readonly limits: HeadlessRateLimits) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.limits.consumePublic(clientIp(context));
    return true;
  }
}
