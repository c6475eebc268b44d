import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TRANSLATION_SOURCES, TranslationSources } from '../domain/translation-sources.port';
import { queuedJobs, TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

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
  constructor(
    private readonly commands: TranslationCommands,
    @Inject(TRANSLATION_SOURCES) private readonly sources: TranslationSources,
    private readonly worker: TranslationJobWorker,
  ) {}

  async execute({ shopId, source, locale }: AddLanguageCommand): Promise<void> {
    const programs = await this.sources.programs(shopId);
    const { events } = await this.commands.run(shopId, (meta) => ({
      type: 'AddLanguage',
      meta,
      source,
      locale,
      programs,
    }));
    if (queuedJobs(events)) this.worker.nudge();
  }
}
