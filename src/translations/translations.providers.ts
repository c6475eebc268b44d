import { Capability, worker } from '../capability';
import { AddLanguageHandler } from './commands/add-language.handler';
import { EmbedContentJob } from './commands/embed-content.job';
import { MachineTranslateJob } from './commands/machine-translate.job';
import { RemoveLanguageHandler } from './commands/remove-language.handler';
import { ReplaceFaqsHandler } from './commands/replace-faqs.handler';
import { ReplaceTranslationsHandler } from './commands/replace-translations.handler';
import { StorefrontSyncJob } from './commands/storefront-sync.job';
import { TranslationCommands } from './commands/translation-commands';
import { TranslationChanges } from './commands/translation-changes';
import { TranslationJobQueue } from './commands/translation-job-queue';
import { TranslationJobFeed } from './commands/translation-job-feed';
import { TranslationJobs } from './commands/translation-jobs';
import { TranslationsController } from './http/translations.controller';
import { TranslationViewProjection } from './projections/translation-view.projection';
import { GetTranslationDefaultsHandler, GetTranslationsHandler } from './queries/get-translations.query';
import { ShopText } from './queries/shop-text';

export const TRANSLATIONS_CAPABILITY: Capability = {
  providers: [
    ShopText,
    GetTranslationsHandler,
    GetTranslationDefaultsHandler,
    TranslationCommands,
    TranslationChanges,
    ReplaceTranslationsHandler,
    AddLanguageHandler,
    RemoveLanguageHandler,
    ReplaceFaqsHandler,
    MachineTranslateJob,
    EmbedContentJob,
    StorefrontSyncJob,
    TranslationJobQueue,
    TranslationJobFeed,
    TranslationJobs,
  ],
  projections: [TranslationViewProjection],
  controllers: [TranslationsController],
  // Queues the jobs of each text change from the log, once the projections run.
  background: [worker(TranslationJobFeed)],
};
