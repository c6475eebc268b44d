import { Injectable } from '@nestjs/common';
import { CommandMetas } from '../../event-sourcing/command-metas';
import { DecisionRunner } from '../../event-sourcing/decision-runner';
import { ShopStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { TranslationCommand, translationsDecider, TranslationsState } from '../domain/translations.decider';
import { TranslationEvent, translationsStreamId } from '../domain/translation-events';

/** Runs a command on a shop's translations stream. */
@Injectable()
export class TranslationCommands extends ShopStreamCommands<TranslationsState, TranslationCommand, TranslationEvent> {
  protected readonly decider = translationsDecider;
  protected streamId = translationsStreamId;

  constructor(
    private readonly decisions: DecisionRunner,
    metas: CommandMetas,
  ) {
    super(decisions, metas);
  }

  /** The shop's text as the stream has it now (what a background job reads). */
  async state(shopId: string): Promise<TranslationsState> {
    return (await this.decisions.load(translationsDecider, translationsStreamId(shopId))).state;
  }
}
