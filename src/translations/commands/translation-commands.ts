import { Injectable } from '@nestjs/common';
import { ShopStreamCommands } from '../../event-sourcing/shop-stream-commands';
import { TranslationCommand, translationsDecider, TranslationsState } from '../domain/translations.decider';
import { TranslationEvent, translationsStreamId } from '../domain/translation-events';

/** Runs a command on a shop's translations stream. */
@Injectable()
export class TranslationCommands extends ShopStreamCommands<TranslationsState, TranslationCommand, TranslationEvent> {
  protected readonly decider = translationsDecider;
  protected streamId = translationsStreamId;
}
