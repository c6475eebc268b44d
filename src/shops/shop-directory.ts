import { Inject, Injectable } from '@nestjs/common';
import { timingSafeEqual } from 'node:crypto';
import { READ_STORE, ReadStore } from '../infrastructure/read-store/read-store.port';
import { sha256Hex } from '../shared/domain/ids';
import { SHOP_CREDENTIALS, ShopCredentialsDoc, ShopDoc, SHOPS } from './projections/shop-read-models';
import { DocumentCache } from '../projections/document-cache';
import { BoundedCache } from '../shared/bounded-cache';

const CACHE_MS = 30_000;

interface VerifiedShop {
  credentials: ShopCredentialsDoc;
  shop: ShopDoc;
  until: number;
  /** The secret key that matched the stored hash. */
  verifiedSecret?: Buffer;
}

/**
 * Finds shops by their credentials. Verified shops are cached briefly so that an API call costs no
 * credential lookup; a wrong secret is compared in constant time and never cached.
 */
@Injectable()
export class ShopDirectory {
  private readonly cache = new BoundedCache<string, VerifiedShop>({ max: 10_000 });
  private readonly idsByDomain = new BoundedCache<string, string>({ max: 10_000 });

  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly documents: DocumentCache,
  ) {}

  async authenticate(appKey: string, secretKey: string): Promise<ShopDoc | null> {
    const entry = await this.lookup(appKey);
    if (!entry) return null;
    // The secret that matched the stored hash is kept with the cached entry (at most CACHE_MS, as
    // the bare secret arrives on every call anyway): the next calls compare it instead of hashing.
    const raw = Buffer.from(secretKey);
    const known = entry.verifiedSecret;
    if (known && known.length === raw.length && timingSafeEqual(known, raw)) return entry.shop;
    const given = Buffer.from(sha256Hex(secretKey), 'hex');
    const expected = Buffer.from(entry.credentials.secretKeyHash, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    entry.verifiedSecret = raw;
    return entry.shop;
  }

  /** Drops a cached verification (after a rotation; other processes drop theirs within 30 s). */
  forget(appKey: string): void {
    this.cache.delete(appKey);
  }

  /** The shop's document, from the process's DocumentCache (frozen). */
  async byId(shopId: string): Promise<ShopDoc | null> {
    return this.documents.get(SHOPS, shopId, async () => (await this.readStore.collection<ShopDoc>(SHOPS)).get(shopId));
  }

  /** The shop's global earning limit (null: none). */
  async earningLimit(shopId: string) {
    return (await this.byId(shopId))?.earningLimit ?? null;
  }

  /** By the shop's domain, set once at provisioning: a domain found once is kept (then read by id, from memory). */
  async byDomain(domain: string): Promise<ShopDoc | null> {
    const normalised = domain.trim().toLowerCase();
    const known = this.idsByDomain.get(normalised);
    if (known) return this.byId(known);
    const shop = await (await this.readStore.collection<ShopDoc>(SHOPS)).findOne({ domain: normalised });
    if (shop) this.idsByDomain.set(normalised, shop.id);
    return shop;
  }

  /** The shop's own commerce-platform webhook secret, if the operator set one. */
  async platformWebhookSecret(shopId: string): Promise<string | null> {
    return (await this.credentialsOf(shopId))?.platformWebhookSecret ?? null;
  }

  /** The secret the shop's messaging app signs its link notifications with, if the merchant set one. */
  async feedAppSecret(shopId: string): Promise<string | null> {
    return (await this.credentialsOf(shopId))?.feedAppSecret ?? null;
  }

  /** The secret of the shop's chat channel (the login's client secret), if the merchant set one. */
  async chatChannelSecret(shopId: string): Promise<string | null> {
    return (await this.credentialsOf(shopId))?.chatChannelSecret ?? null;
  }

  /** The shop's wallet-pass credentials (each section absent when not configured). */
  async walletPassCredentials(shopId: string): Promise<Pick<ShopCredentialsDoc, 'walletAlpha' | 'walletBeta'>> {
    const credentials = await this.credentialsOf(shopId);
    return { walletAlpha: credentials?.walletAlpha, walletBeta: credentials?.walletBeta };
  }

  /** The shop's stored credentials (the secrets kept outside the log), read when a route needs one. */
  private async credentialsOf(shopId: string): Promise<ShopCredentialsDoc | null> {
    return (await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS)).findOne({ shopId });
  }

  async count(): Promise<number> {
    return (await this.readStore.collection<ShopDoc>(SHOPS)).count({});
  }

  private async lookup(appKey: string): Promise<VerifiedShop | null> {
    const cached = this.cache.get(appKey);
    if (cached && cached.until > Date.now()) return cached;
    const credentials = await (await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS)).get(appKey);
    if (!credentials) return null;
    const shop = await this.byId(credentials.shopId);
    // Credentials whose shop never got provisioned (a crash mid-provisioning) open nothing.
    if (!shop || shop.appKey !== appKey) return null;
    const entry: VerifiedShop = { credentials, shop, until: Date.now() + CACHE_MS };
    this.cache.set(appKey, entry);
    return entry;
  }
}
