import { Delete, Get, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Request, Response } from 'express';
import { AppConfig } from '../../config/app-config';
import { ok } from '../../shared/http/envelope';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { ConsoleSession } from './console-sessions';
import { clearSessionCookie } from './console-cookie';
import { AnyConsoleRole, ConsoleApi, CurrentConsoleSession } from './console-session.guard';
import { SignOutCommand } from './sign-out.handler';

/** The session the console page runs in: who signed in (the page's first question), and signing out. */
@ConsoleApi('session')
export class SessionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly config: AppConfig,
  ) {}

  @Get()
  current(@CurrentShop() shop: ShopDoc, @CurrentConsoleSession() session: ConsoleSession) {
    return ok({
      role: session.role,
      shop: { id: shop.id, domain: shop.domain, currency: shop.currency, timezone: shop.timezone },
    });
  }

  @Delete()
  @AnyConsoleRole()
  async signOut(
    @CurrentConsoleSession() session: ConsoleSession & { token: string },
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    await this.commands.execute(new SignOutCommand(session.token));
    clearSessionCookie(req, res, this.config.publicUrl);
    return ok({}, { message: 'Signed out' });
  }
}
