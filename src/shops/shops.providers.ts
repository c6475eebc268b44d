import { Capability } from '../capability';
import { ShopDirectory } from './shop-directory';
import { RotateShopSecretHandler } from './commands/rotate-shop-secret.handler';
import { ShopCredentialChanges } from './commands/shop-credential-changes';
import { SetShopSettingHandler } from './commands/set-shop-setting.handler';
import { ShopCommands } from './commands/shop-commands';
import { RotateHeadlessSecretHandler } from './commands/rotate-headless-secret.handler';
import { SetPlatformWebhookSecretHandler } from './commands/set-platform-webhook-secret.handler';
import { GetShopSettingsHandler } from './queries/get-shop-settings.query';
import { ShopAuthGuard } from './http/shop-auth.guard';
import { WhoamiController } from './http/whoami.controller';
import { SettingsController } from './http/settings.controller';
import { ShopViewProjection } from './projections/shop-view.projection';

export const SHOPS_CAPABILITY: Capability = {
  providers: [
    ShopDirectory,
    ShopCommands,
    SetShopSettingHandler,
    ShopCredentialChanges,
    RotateShopSecretHandler,
    RotateHeadlessSecretHandler,
    SetPlatformWebhookSecretHandler,
    GetShopSettingsHandler,
    ShopAuthGuard,
  ],
  projections: [ShopViewProjection],
  controllers: [WhoamiController, SettingsController],
};
