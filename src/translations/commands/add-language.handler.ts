import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TranslationChanges } from './translation-changes';

/** POST /translations/languages: a new locale, machine-translated from `source` in the background. */
export class AddLanguageCommand {
  constructor(
    readonly shopId: string,
    readonly source: string,
    readonly locale: string,
  ) {}
}

@CommandHandler(AddLanguageCommand)
export class AddLanguageHandler implements ICommandHandler<AddLanguageCommand, void> {
  constructor(private readonly changes: TranslationChanges) {}

  async execute({ shopId, source, locale }: AddLanguageCommand): Promise<void> {
    await this.changes.run(shopId, (meta) => ({ type: 'AddLanguage', meta, source, locale }));
  }
}
