import { ShopPolicies } from '../domain/shop-events';
import { CollectionDefinition } from '../../infrastructure/read-store/read-store.port';
import { AlphaPassSigner, BetaPassIssuer } from '../../infrastructure/wallet-passes/wallet-pass.port';

/** A shop as provisioned, with the settings it has set (absent: never set, the defaults apply). */
export interface ShopDoc extends Partial<ShopPolicies> {
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
 * must not erase them). Requests are verified against a SHA-256 of the API secret (it is 256 random
 * bits, so a fast hash is enough). The secret itself is kept only because webhook deliveries are
 * signed with it (spec 6), and the headless secret because merchants' HMAC signatures are verified
 * with it.
 */
export interface ShopCredentialsDoc {
  /** The app key. */
  id: string;
  shopId: string;
  secretKeyHash: string;
  /** Signing key of webhook deliveries. */
  secretKey: string;
  /** Absent on shops made before it existed: created on the first token mint. */
  headlessSecret?: string;
  /** The commerce platform's webhook secret for this shop; absent: the global PLATFORM_WEBHOOK_SECRET. */
  platformWebhookSecret?: string;
  /** The secret of the shop's app on the messaging network: it signs the connected page's link notifications. */
  feedAppSecret?: string;
  /** The chat channel's secret: the chat login's client secret; it signs the channel's follow notifications. */
  chatChannelSecret?: string;
  /** The certificates that sign the shop's alpha wallet passes (absent: not configured). */
  walletAlpha?: AlphaPassSigner;
  /** The service account that signs the shop's beta wallet save links (absent: not configured). */
  walletBeta?: BetaPassIssuer;
  createdAt: string;
  rotatedAt?: string;
  headlessRotatedAt?: string;
}

export const SHOPS: CollectionDefinition = { name: 'shops_v1', indexes: [['domain']], cachedInMemory: true };
export const SHOP_CREDENTIALS: CollectionDefinition = { name: 'shop_credentials', indexes: [['shopId']] };
