import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { queuedJobs, TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

/** DELETE /translations/languages/{locale}: clears the locale and republishes the storefront sync. */
export class RemoveLanguageCommand {
  constructor(
    readonly shopId: string,
    readonly locale: string,
  ) {}
}

@CommandHandler(RemoveLanguageCommand)
export class RemoveLanguageHandler implements ICommandHandler<RemoveLanguageCommand, void> {
  constructor(
    private readonly commands: TranslationCommands,
    private readonly worker: TranslationJobWorker,
  ) {}

  async execute({ shopId, locale }: RemoveLanguageCommand): Promise<void> {
    const { events } = await this.commands.run(shopId, (meta) => ({ type: 'RemoveLanguage', meta, locale }));
    if (queuedJobs(events)) this.worker.nudge();
  }
}
