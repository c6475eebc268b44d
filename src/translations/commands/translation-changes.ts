import { Injectable } from '@nestjs/common';
import { CommandMeta } from '../../shared/domain/command-meta';
import { TranslationCommand } from '../domain/translations.decider';
import { TranslationEventType } from '../domain/translation-events';
import { TranslationCommands } from './translation-commands';
import { TranslationJobWorker } from './translation-job-worker';

/**
 * The merchant's changes to a shop's translations: the command on the shop's translations stream,
 * then, when it queued background jobs (machine translation, embedding, storefront sync), this
 * process's job worker looks at once instead of at its next poll.
 */
@Injectable()
export class TranslationChanges {
  constructor(
    private readonly commands: TranslationCommands,
    private readonly worker: TranslationJobWorker,
  ) {}

  async run(shopId: string, build: (meta: CommandMeta) => TranslationCommand) {
    const decision = await this.commands.run(shopId, build);
    if (decision.events.some((e) => e.type === TranslationEventType.JobQueued)) this.worker.nudge();
    return decision;
  }
}
