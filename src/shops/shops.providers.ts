import { Capability } from '../shared/capability';
import { ShopDirectory } from './shop-directory';
import { ProvisionShopHandler } from './commands/provision-shop.handler';
import { RotateShopSecretHandler } from './commands/rotate-shop-secret.handler';
import { RotateHeadlessSecretHandler } from './commands/rotate-headless-secret.handler';
import { ShopAuthGuard } from './http/shop-auth.guard';
import { AdminShopsController, AdminTokenGuard } from './http/admin-shops.controller';
import { WhoamiController } from './http/whoami.controller';
import { SettingsController } from './http/settings.controller';
import { ShopViewProjection } from './projections/shop-view.projection';

export const SHOPS_CAPABILITY: Capability = {
  providers: [
    ShopDirectory,
    ProvisionShopHandler,
    RotateShopSecretHandler,
    RotateHeadlessSecretHandler,
    ShopAuthGuard,
    AdminTokenGuard,
  ],
  projections: [ShopViewProjection],
  controllers: [WhoamiController, AdminShopsController, SettingsController],
};
