import {
  applyDecorators,
  CanActivate,
  Controller,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { AuditKeys } from '../../audit/credentials/audit-keys';
import { ConsoleSession, ConsoleSessions } from './console-sessions';
import { sessionTokenOf } from './console-cookie';
import { ConsoleOriginGuard } from './console-origin.guard';

type ConsoleRequest = Request & { shop?: ShopDoc; consoleSession?: ConsoleSession & { token: string } };

const READS = new Set(['GET', 'HEAD']);
const ANY_ROLE = Symbol('consoleAnyRole');

/** A state-changing route an auditor may call too (signing out). */
export const AnyConsoleRole = () => SetMetadata(ANY_ROLE, true);

/**
 * The console's endpoints: the session cookie, or 401. The session's shop becomes the request's
 * shop (so the management API's handlers serve it as they serve the shop's keys). An auditor's
 * session reads only: every other method is refused 403, whatever the page shows.
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: ConsoleSessions,
    private readonly shops: ShopDirectory,
    private readonly auditKeys: AuditKeys,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ConsoleRequest>();
    // Answers about a shop are never kept by a browser's or a proxy's cache.
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    const token = sessionTokenOf(request);
    const session = token ? await this.sessions.resume(token) : null;
    if (!token || !session) throw because.unauthorized('Sign in to the console (no session, or it has ended)');
    const shop = await this.shops.byId(session.shopId);
    if (!shop || !(await this.auditKeyStillValid(session))) {
      await this.sessions.end(token);
      throw because.unauthorized('Sign in to the console (no session, or it has ended)');
    }
    const anyRole = this.reflector.get<boolean>(ANY_ROLE, context.getHandler());
    if (session.role === 'audit' && !READS.has(request.method) && !anyRole)
      throw new ForbiddenException('An audit session is read-only');
    request.shop = shop;
    request.consoleSession = { ...session, token };
    return true;
  }

  /** A revoked audit key ends the sessions it opened. */
  private async auditKeyStillValid(session: ConsoleSession): Promise<boolean> {
    if (session.role !== 'audit') return true;
    const key = session.auditKeyId ? await (await this.auditKeys.collection()).get(session.auditKeyId) : null;
    return key !== null && key.revokedAt === null && key.shopId === session.shopId;
  }
}

/** The request's console session (after ConsoleSessionGuard). */
export const CurrentConsoleSession = createParamDecorator(
  (_: unknown, context: ExecutionContext): ConsoleSession & { token: string } => {
    const session = context.switchToHttp().getRequest<ConsoleRequest>().consoleSession;
    if (!session) throw because.unauthorized();
    return session;
  },
);

/**
 * A controller of the console's private API (`/console/api/...`): the Origin check on every change,
 * then the session. Not in the OpenAPI document: its only client is the console's own page.
 */
export const ConsoleApi = (path: string) =>
  applyDecorators(
    ApiExcludeController(),
    UseGuards(ConsoleOriginGuard, ConsoleSessionGuard),
    Controller(`console/api/${path}`),
  );
