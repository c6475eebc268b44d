import { applyDecorators, CanActivate, Controller, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import { AppConfig } from '../config/app-config';
import { because } from '../shared/domain/domain-error';
import { ApiOperatorToken } from '../shared/http/openapi/security';
import { ApiErrors } from '../shared/http/openapi/responses';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** Operator API: `Authorization: Bearer $ADMIN_TOKEN`. Without ADMIN_TOKEN it does not exist (404). */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.adminToken) throw because.notFoundBecause('The operator API is off (ADMIN_TOKEN is not set)');
    const header = context.switchToHttp().getRequest<Request>().header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!token || !timingSafeEqual(digest(token), digest(this.config.adminToken))) {
      throw because.unauthorized('A valid operator bearer token is required');
    }
    return true;
  }
}

/**
 * A controller of the operator API (`/admin/api`): the operator's bearer token, documented as such
 * (404 when the operator API is off, as for a record that is not there).
 */
export const OperatorApi = (path: string, tag = 'operator') =>
  applyDecorators(
    ApiTags(tag),
    ApiOperatorToken(),
    ApiErrors(401, 404, 429, 503),
    UseGuards(AdminTokenGuard),
    Controller(path),
  );
