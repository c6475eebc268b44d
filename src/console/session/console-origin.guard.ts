import { CanActivate, ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { AppConfig } from '../../config/app-config';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The service's own origin: PUBLIC_URL's when it is set (behind a proxy the request's Host may be
 * anything), else the request's own scheme and Host.
 */
export function ownOrigin(request: Request, config: AppConfig): string {
  if (config.publicUrlConfigured) return new URL(config.publicUrl).origin;
  return `${request.protocol}://${request.get('host') ?? ''}`;
}

/**
 * Every state-changing console request comes from a console page: its `Origin` is the service's
 * own, or it is refused 403 (a request without one too: browsers send it on every such request).
 * SameSite=Strict already keeps the cookie off other sites' requests; this is the second lock.
 */
@Injectable()
export class ConsoleOriginGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (READS.has(request.method)) return true;
    if (request.header('origin') !== ownOrigin(request, this.config))
      throw new ForbiddenException('The console accepts changes only from its own pages (Origin)');
    return true;
  }
}
