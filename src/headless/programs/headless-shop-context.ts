import { Injectable } from '@nestjs/common';
import { ProgramCatalog } from '../../programs/program-catalog';
import { ShopDirectory } from '../../shops/shop-directory';
import { ShopText } from '../../translations/queries/shop-text';
import { LocaleRequest } from '../../translations/domain/locale-resolution';

/** What a storefront read starts from: the shop, its programs, and its texts in the language asked for. */
@Injectable()
export class HeadlessShopContext {
  constructor(
    private readonly shops: ShopDirectory,
    private readonly catalog: ProgramCatalog,
    private readonly texts: ShopText,
  ) {}

  /** The three read together (null shop: unknown). */
  async of(shopId: string, locale: LocaleRequest) {
    const [shop, programs, text] = await Promise.all([
      this.shops.byId(shopId),
      this.catalog.forShop(shopId),
      this.texts.for(shopId, locale),
    ]);
    return { shop, programs, text };
  }
}
