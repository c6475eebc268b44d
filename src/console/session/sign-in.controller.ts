import { Controller, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { because } from '../../shared/domain/domain-error';
import { ok } from '../../shared/http/envelope';
import { APP_KEY_HEADER, SECRET_KEY_HEADER } from '../../shops/http/shop-auth.guard';
import { AUDIT_KEY_HEADER } from '../../audit/credentials/audit-keys';
import { ConsoleOriginGuard } from './console-origin.guard';
import { sessionTokenOf, setSessionCookie } from './console-cookie';
import { ConsoleCredentials, SignedIn, SignInCommand } from './sign-in.handler';
import { SignOutCommand } from './sign-out.handler';

/**
 * Sign-in: the keys come in the API's own headers, so the failed-authentication throttle counts a
 * wrong one per client and per key exactly as it does for the API (429 with Retry-After past the
 * quota). The answer sets the session cookie; no key is kept anywhere after this request.
 */
@ApiExcludeController()
@UseGuards(ConsoleOriginGuard)
@Controller('console/api/session')
export class SignInController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Post()
  @HttpCode(200)
  async signIn(@Req() req: Request, @Res({ passthrough: true }) res: Response) {
    res.setHeader('Cache-Control', 'no-store');
    const { token, session }: SignedIn = await this.commands.execute(new SignInCommand(credentialsOf(req)));
    // A session the browser had is ended: one browser, one session (no token outlives its cookie).
    const previous = sessionTokenOf(req);
    if (previous) await this.commands.execute(new SignOutCommand(previous));
    setSessionCookie(req, res, token, this.config.publicUrl);
    return ok({ shopId: session.shopId, role: session.role }, { message: 'Signed in' });
  }
}

function credentialsOf(req: Request): ConsoleCredentials {
  const auditKey = req.header(AUDIT_KEY_HEADER);
  if (auditKey) return { auditKey };
  const appKey = req.header(APP_KEY_HEADER);
  const secretKey = req.header(SECRET_KEY_HEADER);
  if (!appKey || !secretKey) throw because.unauthorized('Those keys are not valid');
  return { appKey, secretKey };
}
