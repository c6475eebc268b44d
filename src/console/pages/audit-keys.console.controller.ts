import { Body, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CurrentShop } from '../../shops/http/shop-auth.guard';
import { ShopDoc } from '../../shops/projections/shop-read-models';
import { AdminAuditController } from '../../audit/http/admin-audit.controller';
import { CreateAuditKeyDto } from '../../audit/http/audit.dto';
import { ConsoleApi } from '../session/console-session.guard';
import { ManagementHandlers } from '../management-handlers';

/** The shop's audit keys (Settings): the operator API's commands, for the session's shop only. */
@ConsoleApi('audit-keys')
export class AuditKeysConsoleController {
  constructor(private readonly handlers: ManagementHandlers) {}

  private keys() {
    return this.handlers.of(AdminAuditController);
  }

  @Get()
  list(@CurrentShop() shop: ShopDoc) {
    return this.keys().listKeys(shop.id);
  }

  /** Answers the key once: the page shows it for the merchant to hand to the auditor. */
  @Post()
  @HttpCode(201)
  create(@CurrentShop() shop: ShopDoc, @Body() body: CreateAuditKeyDto) {
    return this.keys().createKey(shop.id, body);
  }

  @Delete(':keyId')
  revoke(@CurrentShop() shop: ShopDoc, @Param('keyId') keyId: string) {
    return this.keys().revokeKey(shop.id, keyId);
  }
}
