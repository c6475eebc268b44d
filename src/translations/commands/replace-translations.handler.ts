import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DetectMethod } from '../domain/translation-events';
import { TranslationChanges } from './translation-changes';

/** The translation object as sent, its shape checked. */
export interface TranslationBody {
  primaryLanguage: string;
  detectMethod?: DetectMethod;
  additionalLanguages?: string[];
  embedContent?: string[];
  /** Locale -> key -> text; keys the catalogue does not have are dropped (they have no effect). */
  texts: Record<string, Record<string, string>>;
}

/** PUT /translations: replaces the config and text; answers how many events it appended (0: no change). */
export class ReplaceTranslationsCommand {
  constructor(
    readonly shopId: string,
    readonly body: TranslationBody,
  ) {}
}

@CommandHandler(ReplaceTranslationsCommand)
export class ReplaceTranslationsHandler implements ICommandHandler<ReplaceTranslationsCommand, number> {
  constructor(private readonly changes: TranslationChanges) {}

  async execute({ shopId, body }: ReplaceTranslationsCommand): Promise<number> {
    const { texts, ...config } = body;
    const { events } = await this.changes.run(shopId, (meta) => ({ type: 'ReplaceTranslations', meta, config, texts }));
    return events.length;
  }
}
