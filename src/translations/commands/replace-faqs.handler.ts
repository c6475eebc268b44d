import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Faq } from '../domain/translation-events';
import { queuedJobs, TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

/** PUT /translations/faqs: replaces the FAQs of every locale; the embed job and the sync follow. */
export class ReplaceFaqsCommand {
  constructor(
    readonly shopId: string,
    readonly faqs: Record<string, Faq[]>,
  ) {}
}

@CommandHandler(ReplaceFaqsCommand)
export class ReplaceFaqsHandler implements ICommandHandler<ReplaceFaqsCommand, number> {
  constructor(
    private readonly commands: TranslationCommands,
    private readonly worker: TranslationJobWorker,
  ) {}

  async execute({ shopId, faqs }: ReplaceFaqsCommand): Promise<number> {
    const { events } = await this.commands.run(shopId, (meta) => ({ type: 'ReplaceFaqs', meta, faqs }));
    if (queuedJobs(events)) this.worker.nudge();
    return events.length;
  }
}
