import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { Faq } from '../domain/translation-events';
import { TranslationChanges } from './translation-changes';

/** PUT /translations/faqs: replaces the FAQs of every locale; the embed job and the sync follow. */
export class ReplaceFaqsCommand {
  constructor(
    readonly shopId: string,
    readonly faqs: Record<string, Faq[]>,
  ) {}
}

@CommandHandler(ReplaceFaqsCommand)
export class ReplaceFaqsHandler implements ICommandHandler<ReplaceFaqsCommand, number> {
  constructor(private readonly changes: TranslationChanges) {}

  async execute({ shopId, faqs }: ReplaceFaqsCommand): Promise<number> {
    const { events } = await this.changes.run(shopId, (meta) => ({ type: 'ReplaceFaqs', meta, faqs }));
    return events.length;
  }
}
