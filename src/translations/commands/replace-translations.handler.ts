import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TranslationBody } from '../http/translation-bodies';
import { TranslationSources } from '../queries/translation-sources';
import { queuedJobs, TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

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
    private readonly sources: TranslationSources,
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
