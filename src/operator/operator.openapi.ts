import { object, oneOf, record, str } from '../shared/http/openapi/schema';

/** The answers of the operator's shop endpoints: secrets appear once, here. */

export const PROVISIONED_SHOP = record(
  'ProvisionedShop',
  object({
    shopId: str,
    domain: str,
    plan: str,
    currency: str,
    timezone: str,
    appKey: str,
    secretKey: str,
    headlessSecret: str,
  }),
);

export const ROTATED_SECRET = record('RotatedShopSecret', object({ shopId: str, appKey: str, secretKey: str }));

export const ROTATED_HEADLESS_SECRET = record('RotatedHeadlessSecret', object({ shopId: str, headlessSecret: str }));

export const PLATFORM_SECRET_STATE = record(
  'PlatformWebhookSecretState',
  object({ shopId: str, platformWebhookSecret: oneOf('global', 'own') }),
);
