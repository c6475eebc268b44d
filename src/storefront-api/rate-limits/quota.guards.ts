import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { HeadlessRateLimits } from './headless-rate-limits';
import { clientKey } from '../../shared/http/client-address/client-address';

/** A quota per client (IP; IPv6 by /64), taken before anything else is looked at (fails closed). */
@Injectable()
abstract class IpQuotaGuard implements CanActivate {
  constructor(protected readonly limits: HeadlessRateLimits) {}

  protected abstract consume(ip: string): Promise<unknown>;

  async canActivate(context: ExecutionContext): Promise<boolean> {
    await this.consume(clientKey(context.switchToHttp().getRequest<Request>().ip));
    return true;
  }
}

/** Token minting per client IP. */
@Injectable()
export class TokenIpQuotaGuard extends IpQuotaGuard {
  protected consume(ip: string) {
    return this.limits.consumeTokenPerIp(ip);
  }
}

/** The public program list per client IP. */
@Injectable()
export class PublicIpQuotaGuard extends IpQuotaGuard {
  protected consume(ip: string) {
    return this.limits.consumePublic(ip);
  }
}
