import { Inject, Injectable } from '@nestjs/common';
import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { createHmac, createSecretKey, KeyObject } from 'node:crypto';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../../shops/projections/shop-read-models';
import { secret } from '../../shops/shop-secrets';
import { HeadlessSecretRotated } from '../../shops/commands/rotate-headless-secret.handler';
import { BoundedCache } from '../../shared/bounded-cache';

const CACHE_MS = 30_000;

/** The signing key of a shop's tokens derives from its headless secret: rotating the secret ends them. */
export function signingKeyOf(headlessSecret: string): Buffer {
  return createHmac('sha256', headlessSecret).update('loyalty/headless-token-signing-key/v1').digest();
}

interface Entry {
  headlessSecret: string;
  /**
   * A KeyObject, not the bytes: given bytes, jsonwebtoken first tries them as a public (or private)
   * key and catches the failure, on every token; that was a large part of the CPU of GET /customer.
   */
  signingKey: KeyObject;
  until: number;
}

/**
 * Shops' headless secrets and the token signing keys derived from them, cached for 30 s. A rotation
 * drops this process's copy at once (other processes: within 30 s).
 */
@Injectable()
@EventsHandler(HeadlessSecretRotated)
export class HeadlessSigningKeys implements IEventHandler<HeadlessSecretRotated> {
  private readonly cache = new BoundedCache<string, Entry>({ max: 10_000 });

  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  handle(event: HeadlessSecretRotated): void {
    this.cache.delete(event.shopId);
  }

  /** The shop's headless secret; with `create`, one is made when the shop has none yet. */
  async headlessSecret(shopId: string, { create = false } = {}): Promise<string | null> {
    return (await this.entry(shopId, create))?.headlessSecret ?? null;
  }

  async signingKey(shopId: string): Promise<KeyObject | null> {
    return (await this.entry(shopId, false))?.signingKey ?? null;
  }

  private async entry(shopId: string, create: boolean): Promise<Entry | null> {
    const cached = this.cache.get(shopId);
    if (cached && cached.until > Date.now()) return cached;
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    let doc = await credentials.findOne({ shopId });
    if (!doc) return null;
    if (!doc.headlessSecret) {
      if (!create) return null;
      await credentials.put({ ...doc, headlessSecret: secret('hs') });
      // Two processes creating at once: both use whichever write landed last.
      doc = await credentials.findOne({ shopId });
      if (!doc?.headlessSecret) return null;
    }
    const entry = {
      headlessSecret: doc.headlessSecret,
      signingKey: createSecretKey(signingKeyOf(doc.headlessSecret)),
      until: 0,
    };
    entry.until = Date.now() + CACHE_MS;
    this.cache.set(shopId, entry);
    return entry;
  }
}
