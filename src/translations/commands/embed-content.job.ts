import { Inject, Injectable } from '@nestjs/common';
import {
  MACHINE_TRANSLATION,
  MachineTranslation,
} from '../../infrastructure/machine-translation/machine-translation.port';
import { Faq, JobSpec, MachineText } from '../domain/translation-events';
import { JobOutcome, TranslationsState } from '../domain/translations.decider';

type EmbedFaqs = Extract<JobSpec, { kind: 'embed-faqs' }>;
type EmbedProducts = Extract<JobSpec, { kind: 'embed-exclusive-products' }>;

/**
 * Content embedded in the storefront for the `embedContent` locales: FAQs (a locale without its
 * own FAQs gets the source locale's, machine-translated; an untranslated one keeps its source
 * text) and the titles of exclusive products.
 */
@Injectable()
export class EmbedContentJob {
  constructor(@Inject(MACHINE_TRANSLATION) private readonly translator: MachineTranslation) {}

  async faqs(spec: EmbedFaqs, state: TranslationsState): Promise<JobOutcome> {
    const source = state.faqs[spec.source] ?? [];
    const faqs: Record<string, Faq[]> = {};
    const untranslated: string[] = [];
    if (source.length === 0) return { faqs, untranslated };
    for (const locale of spec.locales) {
      if (locale === spec.source || state.faqs[locale]?.length) continue;
      const answers = await this.translator.translate({
        texts: source.flatMap((f) => [f.title, f.content]),
        source: spec.source,
        target: locale,
        format: 'text',
      });
      faqs[locale] = source.map((faq, i) => {
        const [title, content] = [answers[2 * i], answers[2 * i + 1]];
        if (!title || !content) untranslated.push(`faq:${locale}:${i}`);
        return { title: title || faq.title, content: content || faq.content, orderBy: faq.orderBy };
      });
    }
    return { faqs, untranslated };
  }

  async products(spec: EmbedProducts): Promise<JobOutcome> {
    const productTitles: Record<string, Record<string, MachineText>> = {};
    const untranslated: string[] = [];
    if (spec.products.length === 0) return { productTitles, untranslated };
    for (const locale of spec.locales) {
      if (locale === spec.source) continue;
      const answers = await this.translator.translate({
        texts: spec.products.map((p) => p.title),
        source: spec.source,
        target: locale,
        format: 'text',
      });
      spec.products.forEach((product, i) => {
        const text = answers[i];
        if (!text) return void untranslated.push(`product:${product.id}:${locale}`);
        productTitles[product.id] = { ...productTitles[product.id], [locale]: { source: product.title, text } };
      });
    }
    return { productTitles, untranslated };
  }
}
