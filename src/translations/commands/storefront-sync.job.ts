import { Inject, Injectable } from '@nestjs/common';
import { COMMERCE_PLATFORM, CommercePlatform } from '../../infrastructure/commerce-platform/commerce-platform.port';
import { enabledLocales, mergedText } from '../domain/translation-text';
import { TranslationsState, JobOutcome } from '../domain/translations.decider';
import { TRANSLATION_SOURCES, TranslationSources } from '../domain/translation-sources.port';

export const METAFIELD_NAMESPACE = 'loyalty';
export const CONFIG_METAFIELD = 'translations_config';
export const localeMetafield = (locale: string) => `translations_${locale}`;

/**
 * Publishes the shop's text to the storefront as shop metafields through the commerce platform:
 * `loyalty.translations_config` (languages, detect method) and `loyalty.translations_<locale>`
 * (merged text, FAQs and exclusive products of that locale); metafields of removed locales are
 * deleted. Every write is a replace, so running it again publishes the same.
 */
@Injectable()
export class StorefrontSyncJob {
  constructor(
    @Inject(COMMERCE_PLATFORM) private readonly platform: CommercePlatform,
    @Inject(TRANSLATION_SOURCES) private readonly sources: TranslationSources,
  ) {}

  async run(shopId: string, state: TranslationsState): Promise<JobOutcome> {
    const { config } = state;
    const languages = enabledLocales(config);
    const products = await this.sources.exclusiveProducts(shopId);
    const published: string[] = [];
    const write = async (key: string, value: unknown) => {
      await this.platform.setShopMetafield(shopId, {
        namespace: METAFIELD_NAMESPACE,
        key,
        value: JSON.stringify(value),
      });
      published.push(key);
    };
    await write(CONFIG_METAFIELD, {
      primaryLanguage: config.primaryLanguage,
      detectMethod: config.detectMethod,
      languages,
      embedContent: config.embedContent,
    });
    for (const locale of languages) {
      const embedded = config.embedContent.includes(locale);
      await write(localeMetafield(locale), {
        locale,
        text: mergedText(state, locale),
        faqs: embedded ? [...(state.faqs[locale] ?? [])].sort((a, b) => a.orderBy - b.orderBy) : [],
        exclusiveProducts: embedded
          ? products.map((p) => {
              const machine = state.productTitles[p.id]?.[locale];
              return { id: p.id, title: machine && machine.source === p.title ? machine.text : p.title };
            })
          : [],
      });
    }
    const keep = new Set(published);
    const unpublished: string[] = [];
    for (const key of await this.platform.listShopMetafields(shopId, METAFIELD_NAMESPACE)) {
      if (key.startsWith('translations_') && !keep.has(key)) {
        await this.platform.deleteShopMetafield(shopId, METAFIELD_NAMESPACE, key);
        unpublished.push(key);
      }
    }
    return { published, unpublished, untranslated: [] };
  }
}
