import { ProgramTitleSource } from './translations.decider';

/**
 * Shop content outside the catalogue that translations cover: program titles and exclusive
 * products. Implemented by the programs capability, so translations never reads its read models.
 */
export const TRANSLATION_SOURCES = Symbol('TRANSLATION_SOURCES');

export interface TranslationSources {
  programs(shopId: string): Promise<ProgramTitleSource[]>;
  /** Products only members get (id and title). */
  exclusiveProducts(shopId: string): Promise<Array<{ id: string; title: string }>>;
}
