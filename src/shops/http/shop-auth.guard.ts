import { CanActivate, createParamDecorator, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../shop-directory';
import { ShopDoc } from '../projections/shop-read-models';

export const APP_KEY_HEADER = 'x-svc-loyalty-app-key';
export const SECRET_KEY_HEADER = 'x-svc-loyalty-secret-key';

type ShopRequest = Request & { shop?: ShopDoc };

/** Management APIs: both keys of one shop, or 401. Everything after acts on that shop only. */
@Injectable()
export class ShopAuthGuard implements CanActivate {
  constructor(private readonly shops: ShopDirectory) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<ShopRequest>();
    const appKey = request.header(APP_KEY_HEADER);
    const secretKey = request.header(SECRET_KEY_HEADER);
    if (!appKey || !secretKey) {
      if (request.header('x-svc-loyalty-audit-key'))
        throw because.unauthorized(
          'Audit keys are read-only and accepted only by the audit endpoints (/rest_api/v2/audit)',
        );
      throw because.unauthorized('Both X-Svc-Loyalty-App-Key and X-Svc-Loyalty-Secret-Key headers are required');
    }
    const shop = await this.shops.authenticate(appKey, secretKey);
    if (!shop) throw because.unauthorized('The app key and secret key do not match a shop');
    request.shop = shop;
    return true;
  }
}

/** The shop the request authenticated as. */
export const CurrentShop = createParamDecorator((_: unknown, context: ExecutionContext): ShopDoc => {
  const shop = context.switchToHttp().getRequest<ShopRequest>().shop;
  if (!shop) throw because.unauthorized();
  return shop;
});
