import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Request } from 'express';
import { because } from '../../shared/domain/domain-error';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { APP_KEY_HEADER, SECRET_KEY_HEADER } from '../../shops/http/shop-auth.guard';
import { AUDIT_KEY_HEADER, AuditKeys } from '../credentials/audit-keys';

type AuditRequest = Request & { shop?: ShopDoc; auditKeyId?: string };

/**
 * The audit endpoints: a shop's audit key (`X-Svc-Loyalty-Audit-Key`, read-only, accepted nowhere
 * else) or the shop's management keys. Either way every answer is about that shop only.
 */
@Injectable()
export class AuditAccessGuard implements CanActivate {
  constructor(
    private readonly keys: AuditKeys,
    private readonly shops: ShopDirectory,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuditRequest>();
    const auditKey = request.header(AUDIT_KEY_HEADER);
    if (auditKey) {
      const key = await this.keys.authenticate(auditKey);
      const shop = key ? await this.shops.byId(key.shopId) : null;
      if (!key || !shop) throw because.unauthorized('The audit key is not valid (unknown, revoked or malformed)');
      request.shop = shop;
      request.auditKeyId = key.id;
      return true;
    }
    const appKey = request.header(APP_KEY_HEADER);
    const secretKey = request.header(SECRET_KEY_HEADER);
    if (!appKey || !secretKey)
      throw because.unauthorized(
        'An audit key (X-Svc-Loyalty-Audit-Key) or both X-Svc-Loyalty-App-Key and X-Svc-Loyalty-Secret-Key are required',
      );
    const shop = await this.shops.authenticate(appKey, secretKey);
    if (!shop) throw because.unauthorized('The app key and secret key do not match a shop');
    request.shop = shop;
    return true;
  }
}
