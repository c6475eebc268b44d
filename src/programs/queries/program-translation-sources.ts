import { Inject, Injectable } from '@nestjs/common';
import { READ_STORE, ReadStore } from '../../infrastructure/read-store/read-store.port';
import { ProgramDoc, PROGRAMS } from '../projections/program-read-models';
import { ProgramTitleSource } from '../../translations/domain/translations.decider';
import { TranslationSources } from '../../translations/domain/translation-sources.port';

/** What the translations capability translates from the shop's programs: titles and exclusive products. */
@Injectable()
export class ProgramTranslationSources implements TranslationSources {
  constructor(@Inject(READ_STORE) private readonly readStore: ReadStore) {}

  async programs(shopId: string): Promise<ProgramTitleSource[]> {
    return (await this.programDocs(shopId)).map((p) => ({
      id: p.id,
      title: p.title,
      translateTitle: p.translateTitle ?? {},
    }));
  }

  /**
   * Products only members get: the gifts of the shop's free-gift spending programs (the products
   * this service knows of; the platform's catalogue is not copied here).
   */
  async exclusiveProducts(shopId: string): Promise<Array<{ id: string; title: string }>> {
    const products = new Map<string, string>();
    for (const program of await this.programDocs(shopId)) {
      if (program.kind !== 'spending') continue;
      const gifts = (program.spending?.giftProducts ?? []) as Array<{ id?: unknown; title?: unknown }>;
      for (const gift of Array.isArray(gifts) ? gifts : []) {
        if (typeof gift.id === 'string' && typeof gift.title === 'string' && gift.title.trim())
          products.set(gift.id, gift.title.trim());
      }
    }
    return [...products].map(([id, title]) => ({ id, title }));
  }

  private async programDocs(shopId: string): Promise<ProgramDoc[]> {
    return (await this.readStore.collection<ProgramDoc>(PROGRAMS)).find(
      { shopId },
      { sort: { field: 'createdAt', direction: 'asc' } },
    );
  }
}
