import { MachineTranslation, TranslationRequest, TranslationResult } from './machine-translation.port';

/**
 * No translator configured: every text stays untranslated (null), so a job keeps the source text
 * where a locale has none and lists each text as untranslated.
 */
export class EmbeddedMachineTranslation implements MachineTranslation {
  readonly provider = 'none';

  translate(request: TranslationRequest): Promise<TranslationResult> {
    return Promise.resolve(request.texts.map(() => null));
  }
}
