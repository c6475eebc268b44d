import { Inject, Injectable } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { because } from '../../shared/domain/domain-error';
import { CommandMeta } from '../../shared/domain/command-meta';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ShopCommand } from '../domain/shop.decider';
import { SHOP_CREDENTIALS, ShopCredentialsDoc } from '../projections/shop-read-models';
import { secret } from '../shop-secrets';
import { ShopCommands } from './shop-commands';

/**
 * Changes a shop's credentials (API secret, headless secret, platform webhook secret) in one order:
 * the audit event on the shop's stream first, so if it fails nothing changed; then the credentials.
 * If that write fails the operator changes it again, and the old credential works until then. The
 * log says when a credential changed, never what to.
 */
@Injectable()
export class ShopCredentialChanges {
  constructor(
    private readonly shops: ShopCommands,
    private readonly metas: CommandMetas,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
  ) {}

  /** Records `audit`, then stores `change`'s credentials; answers the credentials as they were (404 for no shop). */
  async change(
    shopId: string,
    audit: (meta: CommandMeta, current: ShopCredentialsDoc) => ShopCommand,
    change: (current: ShopCredentialsDoc, occurredAt: string) => ShopCredentialsDoc,
  ): Promise<ShopCredentialsDoc> {
    const credentials = await this.readStore.collection<ShopCredentialsDoc>(SHOP_CREDENTIALS);
    const current = await credentials.findOne({ shopId });
    if (!current) throw because.notFound('Shop');
    const meta = this.metas.for(shopId);
    await this.shops.run(shopId, (m) => audit(m, current), meta);
    await credentials.put(change(current, meta.occurredAt));
    return current;
  }

  /**
   * Replaces one of the shop's secrets with a new one (`prefix`: what it is, see shop-secrets) as
   * `change` does: `store` puts it in the credentials. Answers it and the credentials as they were.
   */
  async rotate(
    shopId: string,
    prefix: 'sk' | 'hs',
    audit: (meta: CommandMeta, current: ShopCredentialsDoc) => ShopCommand,
    store: (current: ShopCredentialsDoc, newSecret: string, rotatedAt: string) => ShopCredentialsDoc,
  ): Promise<{ newSecret: string; previous: ShopCredentialsDoc }> {
    const newSecret = secret(prefix);
    const previous = await this.change(shopId, audit, (current, rotatedAt) => store(current, newSecret, rotatedAt));
    return { newSecret, previous };
  }
}
