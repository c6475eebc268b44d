import { Injectable } from '@nestjs/common';
import { CommandMeta } from '../../shared/domain/command-meta';
import { jobsAfter } from '../domain/jobs-after';
import { TranslationCommand } from '../domain/translations.decider';
import { TranslationCommands } from './translation-commands';
import { TranslationJobQueue } from './translation-job-queue';

/**
 * A change to a shop's translations: the command on the shop's translations stream, then the
 * background jobs it starts (machine translation, embedding, storefront sync) queued in the outbox.
 */
@Injectable()
export class TranslationChanges {
  constructor(
    private readonly commands: TranslationCommands,
    private readonly queue: TranslationJobQueue,
  ) {}

  async run(shopId: string, build: (meta: CommandMeta) => TranslationCommand) {
    let command: TranslationCommand | undefined;
    const decision = await this.commands.run(shopId, (meta) => (command = build(meta)));
    if (command) await this.queue.enqueue(shopId, jobsAfter(command, decision));
    return decision;
  }
}
