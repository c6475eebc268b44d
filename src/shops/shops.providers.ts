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
import { FeedConnectionController } from './http/feed-connection.controller';
import { SetFeedConnectionHandler } from './commands/set-feed-connection.handler';
import { ChatConnectionController } from './http/chat-connection.controller';
import { SetChatConnectionHandler } from './commands/set-chat-connection.handler';
import { WalletPassesSettingsController } from './http/wallet-passes.controller';
import { SetWalletPassesHandler } from './commands/set-wallet-passes.handler';
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
    SetFeedConnectionHandler,
    SetChatConnectionHandler,
    SetWalletPassesHandler,
    GetShopSettingsHandler,
    ShopAuthGuard,
  ],
  projections: [ShopViewProjection],
  controllers: [
    WhoamiController,
    SettingsController,
    FeedConnectionController,
    ChatConnectionController,
    WalletPassesSettingsController,
  ],
};
