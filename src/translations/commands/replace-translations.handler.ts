import { Inject } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DetectMethod } from '../domain/translation-events';
import { TRANSLATION_SOURCES, TranslationSources } from '../domain/translation-sources.port';
import { queuedJobs, TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

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
  constructor(
    private readonly commands: TranslationCommands,
    @Inject(TRANSLATION_SOURCES) private readonly sources: TranslationSources,
    private readonly worker: TranslationJobWorker,
  ) {}

  async execute({ shopId, body }: ReplaceTranslationsCommand): Promise<number> {
    const [programs, products] = await Promise.all([
      this.sources.programs(shopId),
      this.sources.exclusiveProducts(shopId),
    ]);
    const { texts, ...config } = body;
    const { events } = await this.commands.run(shopId, (meta) => ({
      type: 'ReplaceTranslations',
      meta,
      config,
      texts,
      programs,
      products,
    }));
    if (queuedJobs(events)) this.worker.nudge();
    return events.length;
  }
}
