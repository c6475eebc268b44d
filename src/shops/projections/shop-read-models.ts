import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';

export interface ShopDoc {
  id: string;
  domain: string;
  plan: string;
  currency: string;
  timezone: string;
  appKey: string;
  createdAt: string;
}

/**
 * Credentials live outside the event log (auditors read the log) and outside projections (a rebuild
 * must not erase them). The API secret is kept only as a SHA-256 hash: it is random (256 bits), so a
 * fast hash is enough. The headless secret verifies merchants' HMAC signatures, so it is kept as is.
 */
export interface ShopCredentialsDoc {
  /** The app key. */
  id: string;
  shopId: string;
  secretKeyHash: string;
  headlessSecret: string;
  createdAt: string;
}

export const SHOPS: CollectionDefinition = { name: 'shops_v1', indexes: [['domain']] };
export const SHOP_CREDENTIALS: CollectionDefinition = { name: 'shop_credentials', indexes: [['shopId']] };
