import { Injectable } from '@nestjs/common';
import { CommandMeta } from '../../shared/domain/command-meta';
import { TranslationCommand } from '../domain/translations.decider';
import { TranslationCommands } from './translation-commands';
import { TranslationJobFeed } from './translation-job-feed';

/**
 * A change to a shop's translations: the command on the shop's translations stream. The background
 * jobs it starts (machine translation, embedding, storefront sync) are queued from the log by the
 * TranslationJobFeed; the answer waits until they are, so a read right after the change lists them.
 */
@Injectable()
export class TranslationChanges {
  constructor(
    private readonly commands: TranslationCommands,
    private readonly jobs: TranslationJobFeed,
  ) {}

  async run(shopId: string, build: (meta: CommandMeta) => TranslationCommand) {
    const decision = await this.commands.run(shopId, build);
    if (decision.position) await this.jobs.waitFor(decision.position);
    return decision;
  }
}
