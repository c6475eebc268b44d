import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TranslationChanges } from './translation-changes';

/** DELETE /translations/languages/{locale}: clears the locale and republishes the storefront sync. */
export class RemoveLanguageCommand {
  constructor(
    readonly shopId: string,
    readonly locale: string,
  ) {}
}

@CommandHandler(RemoveLanguageCommand)
export class RemoveLanguageHandler implements ICommandHandler<RemoveLanguageCommand, void> {
  constructor(private readonly changes: TranslationChanges) {}

  async execute({ shopId, locale }: RemoveLanguageCommand): Promise<void> {
    await this.changes.run(shopId, (meta) => ({ type: 'RemoveLanguage', meta, locale }));
  }
}
